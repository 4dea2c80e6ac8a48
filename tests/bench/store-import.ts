import ExcelJS from 'exceljs';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { mb, seconds, startBenchServer } from './server-process';

/** The figure: a store import of 20,000 rows (target ≤ 15 s, RSS growth ≤ 150 MB). */
const ROWS = 20_000;
const API = '/api/blade-quanyi-platform-supplier/sup-store';

/** 20,000 stores of the demo supplier SUP-XBK in the regions seed's districts. */
async function storeWorkbook(suffix: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('门店数据');
  sheet.addRow([
    '供应商编码',
    '门店编码',
    '门店名称',
    '省份',
    '城市',
    '区县',
    '详细地址',
    '联系电话',
  ]);
  const places = [
    ['北京市', '市辖区', '朝阳区'],
    ['上海市', '市辖区', '浦东新区'],
    ['广东省', '深圳市', '福田区'],
    ['广东省', '广州市', '天河区'],
  ];
  for (let i = 1; i <= ROWS; i++) {
    const [p, c, d] = places[i % places.length]!;
    sheet.addRow([
      'SUP-XBK',
      `BENCH-${String(i).padStart(5, '0')}`,
      `压测门店${i}${suffix}`,
      p,
      c,
      d,
      `${d}人民路${i}号`,
      `010-${String(60000000 + i)}`,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * `npm run bench -- --store-import`: import-spu-store of 20,000 rows against a server process
 * started from the current sources (embedded SQLite, demo data): the answer's time and the
 * server's peak RSS growth over its resting RSS (sampled every 5 ms); then the same 20,000 codes
 * again (every row waits as a repeat) and merge-mode-store over them. Figures only.
 */
export async function benchStoreImport(): Promise<void> {
  const t0 = performance.now();
  const first = await storeWorkbook('');
  const again = await storeWorkbook('（新）');
  console.log(
    `## Store import: ${ROWS.toLocaleString('en')} rows, ${mb(first.length)} upload ` +
      `(workbooks written in ${seconds(performance.now() - t0)})`,
  );
  const server = await startBenchServer('store-import', 19900 + (process.pid % 90));
  const { url, measured } = server;
  try {
    const headers = await server.login('supply', DEMO_PASSWORD);
    const upload = (file: Buffer, name: string) =>
      measured(async () => {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(file)]), name);
        const res = await fetch(`${url}${API}/import-spu-store`, {
          method: 'POST',
          headers,
          body: form,
        });
        return (await res.json()) as {
          msg: string;
          data: { id: string; status: string; created: number; repeatCount: number };
        };
      });

    const a = await upload(first, 'stores.xlsx');
    console.log(
      `new stores:  ${a.answer.data.status}, created ${String(a.answer.data.created)} in ` +
        `${seconds(a.ms)} (target ≤ 15 s); server RSS ${mb(a.resting)} at rest, ` +
        `peak +${mb(a.growth)} (target ≤ 150 MB)`,
    );
    const b = await upload(again, 'stores-again.xlsx');
    console.log(
      `same codes:  ${b.answer.data.status}, ${String(b.answer.data.repeatCount)} waiting as ` +
        `repeats in ${seconds(b.ms)}; peak +${mb(b.growth)}`,
    );
    const merge = await measured(async () => {
      const res = await fetch(`${url}${API}/merge-mode-store?importId=${b.answer.data.id}`, {
        method: 'POST',
        headers,
      });
      return (await res.json()) as { msg: string };
    });
    console.log(
      `merge-mode-store: ${merge.answer.msg} in ${seconds(merge.ms)}; peak +${mb(merge.growth)}`,
    );
  } finally {
    await server.stop();
  }
}
