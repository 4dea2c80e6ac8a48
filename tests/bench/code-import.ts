import ExcelJS from 'exceljs';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';
import { mb, seconds, startBenchServer } from './server-process';

/** The figure: an import of 100,000 codes (target ≤ 30 s, memory growth ≤ 200 MB). */
const ROWS = 100_000;
const API = '/api/blade-quanyi-platform-supplier/sup-coupon-code';

/** 100,000 codes of 20 characters with a pin and a validEnd, as the template has them. */
async function codeWorkbook(run: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('券码');
  sheet.addRow(['券码', '卡密', '有效期开始', '有效期结束']);
  for (let i = 1; i <= ROWS; i++)
    sheet.addRow([
      `BN${run}${String(i).padStart(10, '0')}`,
      String(100000 + (i % 900000)),
      '2026-01-01',
      '2099-12-31',
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * `npm run bench -- --code-import`: import-batch-coupon of 100,000 codes against a server
 * process started from the current sources (embedded SQLite, demo data): the answer's time and
 * the server's peak RSS growth over its resting RSS (sampled every 5 ms), then the same file
 * for another good of the same supplier (every row a duplicate against stock: nothing written).
 * Figures only.
 */
export async function benchCodeImport(): Promise<void> {
  const t0 = performance.now();
  const file = await codeWorkbook(String(Date.now() % 100000));
  console.log(
    `## Coupon code import: ${ROWS.toLocaleString('en')} codes, ${mb(file.length)} upload ` +
      `(workbook written in ${seconds(performance.now() - t0)})`,
  );
  const server = await startBenchServer('code-import', 19800 + (process.pid % 90));
  const { url, measured } = server;
  try {
    const headers = await server.login('supply', DEMO_PASSWORD);
    const goods = (
      (await (await fetch(`${url}${API}/goods`, { headers })).json()) as {
        data: { id: string; supId: string; goodName: string }[];
      }
    ).data;
    const good = goods[0];
    const sibling = goods.find((g) => g.supId === good?.supId && g.id !== good?.id);
    if (!good) throw new Error('no demo coupon-code good');

    const upload = (goodId: string, name: string) =>
      measured(async () => {
        const form = new FormData();
        form.append('goodId', goodId);
        form.append('file', new Blob([new Uint8Array(file)]), name);
        const res = await fetch(`${url}${API}/import-batch-coupon`, {
          method: 'POST',
          headers,
          body: form,
        });
        return (await res.json()) as {
          msg: string;
          data: { status: string; created: number; failed: number };
        };
      });

    const a = await upload(good.id, 'codes.xlsx');
    console.log(
      `new codes:   ${a.answer.data.status}, created ${String(a.answer.data.created)} in ` +
        `${seconds(a.ms)} (target ≤ 30 s); server RSS ${mb(a.resting)} at rest, ` +
        `peak +${mb(a.growth)} (target ≤ 200 MB)`,
    );
    if (sibling) {
      const b = await upload(sibling.id, 'codes-again.xlsx');
      console.log(
        `same codes, same supplier: ${b.answer.data.status}, ${String(b.answer.data.failed)} ` +
          `rows refused as in stock, in ${seconds(b.ms)}; peak +${mb(b.growth)}`,
      );
    }
  } finally {
    await server.stop();
  }
}
