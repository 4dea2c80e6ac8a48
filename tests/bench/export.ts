import { DEMO_PASSWORD, DEMO_TENANT } from '../../server/db/seed/demo';
import { nextId } from '../../server/lib/ids';
import { nowText } from '../../server/lib/time';
import { quantile } from './harness';
import { benchApp } from './in-process';

const ROWS = 200_000;
const INSERT_CHUNK = 500;
const REQUESTS = 200;

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;

function summary(samples: number[]): string {
  return (
    `median ${quantile(samples, 0.5).toFixed(1)} ms, ` +
    `p95 ${quantile(samples, 0.95).toFixed(1)} ms (n=${String(samples.length)})`
  );
}

/**
 * `npm run bench -- --export`: the server in this process on the embedded SQLite database (a
 * file under a temp DATA_DIR), 200,000 posts in the demo tenant. Prints the export of all of them
 * to .xlsx (seconds, the process's peak RSS growth while the worker writes) and list page latency
 * over loopback HTTP with and without filters. Figures only; nothing is asserted.
 */
export async function benchExport(): Promise<void> {
  const bench = await benchApp('export');
  const { app } = bench;
  try {
    const db = app.ctx.db;
    console.log(`## Export and lists: ${ROWS.toLocaleString('en')} posts, embedded SQLite`);
    let t0 = performance.now();
    const createTime = nowText();
    await db.transaction().execute(async (trx) => {
      for (let start = 0; start < ROWS; start += INSERT_CHUNK) {
        const rows = [];
        for (let i = start; i < Math.min(ROWS, start + INSERT_CHUNK); i++)
          rows.push({
            id: nextId(),
            tenantId: DEMO_TENANT,
            category: (i % 4) + 1,
            postCode: `P${String(i).padStart(6, '0')}`,
            postName: `岗位${String(i % 5000)}`,
            sort: i % 1000,
            remark: i % 3 === 0 ? null : `备注 ${String(i)} ${'说明'.repeat(i % 7)}`,
            createUser: null,
            createDept: null,
            createTime,
            updateUser: null,
            updateTime: null,
            status: 1,
            isDeleted: 0,
          });
        await trx.insertInto('bladePost').values(rows).execute();
      }
    });
    console.log(`seed: ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const { url, headers } = await bench.listenAs('admin', DEMO_PASSWORD, DEMO_TENANT);

    // Export of every row: queued over HTTP, written by the worker in this process.
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 25);
    t0 = performance.now();
    const created = await fetch(`${url}/api/blade-system/post/excel/export/async?excelType=post`, {
      method: 'POST',
      headers,
    });
    const { data } = (await created.json()) as { data: { id: string } };
    await app.exportJobs.drain();
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const task = await db
      .selectFrom('bladeDataExport')
      .select(['status', 'rowCount', 'fileSize', 'errorMessage'])
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    console.log(
      `export ${String(task.rowCount)} rows to .xlsx: ${seconds.toFixed(1)} s, ` +
        `${mb(task.fileSize ?? 0)} file, status ${task.status}${task.errorMessage ? ` (${task.errorMessage})` : ''}; ` +
        `process RSS ${mb(baseline)} before, peak growth ${mb(peak - baseline)}`,
    );

    const timed = async (path: string) => {
      const out: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const start = performance.now();
        const res = await fetch(`${url}${path}`, { headers });
        if (res.status !== 200) throw new Error(`${path}: ${String(res.status)}`);
        await res.arrayBuffer();
        out.push(performance.now() - start);
      }
      return out;
    };
    const list = '/api/blade-system/post/list';
    const cases: [label: string, query: string][] = [
      ['page 1 of 10, no filter', 'current=1&size=10'],
      ['page 1000 of 10, no filter', 'current=1000&size=10'],
      ['filtered: category (equality)', 'current=1&size=10&category=2'],
      [
        'filtered: postName (contains) + category',
        `current=1&size=10&category=2&postName=${encodeURIComponent('岗位42')}`,
      ],
      [
        'filtered: postCode (contains), sorted by postCode desc',
        'current=1&size=10&postCode=P1&descs=postCode',
      ],
    ];
    for (const [label, query] of cases)
      console.log(`GET post/list ${label}: ${summary(await timed(`${list}?${query}`))}`);
  } finally {
    await bench.close();
  }
}
