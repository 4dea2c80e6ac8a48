import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/db/seed/demo';
import { zip } from '../../server/test/zip';
import { quantile } from './harness';
import { mb, startBenchServer } from './server-process';

/** Every row an .xlsx sheet can have. */
const ROWS = 1_048_576;
const ATTACKS = 3;
/** Each attack uploads the sheet again and again (one after the other) for at least this long. */
const ATTACK_MS = 5000;
/**
 * While the import is under way a GET starts every GET_EVERY ms whatever the earlier ones are
 * doing (open loop), so a stalled server shows in the latencies of every GET that waited.
 */
const GET_EVERY = 10;

/**
 * The attack's workbook: the template's header and 1,048,575 data rows of one compact cell each,
 * so the sheet unpacks to less than the 64 MB unpacking limit and passes the zip-bomb guard.
 */
function attackWorkbook(): { file: Buffer; unpacked: number } {
  const parts: string[] = [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>',
    '<row r="1"><c r="A1" t="inlineStr"><is><t>账户</t></is></c>',
    '<c r="B1" t="inlineStr"><is><t>姓名</t></is></c></row>',
  ];
  for (let r = 2; r <= ROWS; r++) parts.push(`<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`);
  parts.push('</sheetData></worksheet>');
  const sheet = Buffer.from(parts.join(''), 'utf8');
  const ns = 'http://schemas.openxmlformats.org';
  const file = zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${ns}/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>` +
          '</Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${ns}/spreadsheetml/2006/main" ` +
          `xmlns:r="${ns}/officeDocument/2006/relationships"><sheets>` +
          '<sheet name="用户数据" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${ns}/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
          '</Relationships>',
      ),
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheet },
  ]);
  return { file, unpacked: sheet.length };
}

function summary(samples: number[]): string {
  return (
    `median ${quantile(samples, 0.5).toFixed(1)} ms, p95 ${quantile(samples, 0.95).toFixed(1)} ms, ` +
    `max ${Math.max(...samples).toFixed(1)} ms (n=${String(samples.length)})`
  );
}

/**
 * `npm run bench -- --import`: the user import attack of issue 15 item 2 against a real server
 * process started from the current sources (embedded SQLite): a 1,048,576-row sheet that fits
 * under the unpacking limit, uploaded again and again for ATTACK_MS while GETs start every
 * GET_EVERY ms. Prints the answers and their time, the server's peak RSS growth over its resting RSS (sampled every 5 ms) and the
 * latency of the concurrent GETs. Figures only; nothing is asserted.
 */
export async function benchImport(): Promise<void> {
  let t0 = performance.now();
  const { file, unpacked } = attackWorkbook();
  console.log(
    `## Import attack: ${ROWS.toLocaleString('en')} rows, ${mb(file.length)} upload, ` +
      `sheet unpacks to ${mb(unpacked)} (written in ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  );

  const server = await startBenchServer('import', 19600 + (process.pid % 300));
  const { url } = server;
  try {
    const headers = await server.login('admin', DEMO_PASSWORD, DEMO_TENANT);

    const upload = async (body: Buffer, name: string) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(body)]), name);
      const res = await fetch(`${url}/api/blade-user/import-user`, {
        method: 'POST',
        headers,
        body: form,
      });
      return { status: res.status, body: (await res.json()) as { msg?: string } };
    };
    const get = async () => {
      const s = performance.now();
      const res = await fetch(`${url}/api/blade-user/info`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`GET blade-user/info: ${String(res.status)}`);
      return performance.now() - s;
    };

    // Warm up: the import code path (a header-only workbook: 导入文件中没有数据) and the GETs.
    const warm = attackWorkbookHeaderOnly();
    for (let i = 0; i < 3; i++) await upload(warm, 'warm.xlsx');
    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await get());
    console.log(`GET blade-user/info at rest: ${summary(idle)}`);

    for (let run = 1; run <= ATTACKS; run++) {
      await new Promise((r) => setTimeout(r, 500));
      const resting = server.rss();
      let peak = resting;
      const sampler = setInterval(() => {
        peak = Math.max(peak, server.rss());
      }, 5);
      const samples: number[] = [];
      let failed = 0;
      const pending: Promise<void>[] = [];
      const ticker = setInterval(() => {
        const s = performance.now();
        pending.push(
          get().then(
            (ms) => void samples.push(ms),
            // A GET that failed (a connect timeout of a stalled server) counts with its wait.
            () => {
              failed++;
              samples.push(performance.now() - s);
            },
          ),
        );
      }, GET_EVERY);
      t0 = performance.now();
      const answers = new Map<string, number>();
      let uploads = 0;
      do {
        const answer = await upload(file, 'users.xlsx');
        const said = `${String(answer.status)} ${answer.body.msg ?? ''}`;
        answers.set(said, (answers.get(said) ?? 0) + 1);
        uploads++;
      } while (performance.now() - t0 < ATTACK_MS);
      const took = (performance.now() - t0) / uploads;
      clearInterval(ticker);
      await Promise.all(pending);
      clearInterval(sampler);
      peak = Math.max(peak, server.rss());
      console.log(
        `attack ${String(run)}: ${String(uploads)} uploads, answered ` +
          `${[...answers].map(([said, n]) => `${said} x${String(n)}`).join(', ')} after ` +
          `${took.toFixed(0)} ms each; server RSS ${mb(resting)} at rest, peak +${mb(peak - resting)}; ` +
          `GETs started every ${String(GET_EVERY)} ms meanwhile: ${summary(samples)}` +
          (failed ? `, ${String(failed)} failed` : ''),
      );
    }
  } finally {
    await server.stop();
  }
}

/** The same package with the header row only: warms the import path without writing users. */
function attackWorkbookHeaderOnly(): Buffer {
  const ns = 'http://schemas.openxmlformats.org';
  return zip([
    {
      name: '[Content_Types].xml',
      data: Buffer.from(`<?xml version="1.0"?><Types xmlns="${ns}/package/2006/content-types"/>`),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `<?xml version="1.0"?><workbook xmlns="${ns}/spreadsheetml/2006/main" ` +
          `xmlns:r="${ns}/officeDocument/2006/relationships"><sheets>` +
          '<sheet name="用户数据" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `<?xml version="1.0"?><Relationships xmlns="${ns}/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>` +
          '</Relationships>',
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.from(
        `<?xml version="1.0"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>` +
          '<row r="1"><c r="A1" t="inlineStr"><is><t>账户</t></is></c>' +
          '<c r="B1" t="inlineStr"><is><t>姓名</t></is></c></row></sheetData></worksheet>',
      ),
    },
  ]);
}
