import { spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { DEMO_PASSWORD } from '../../server/db/seed/demo';

/** The figure: an import of 100,000 codes (target ≤ 30 s, memory growth ≤ 200 MB). */
const ROWS = 100_000;
const API = '/api/blade-quanyi-platform-supplier/sup-coupon-code';

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

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
  const dataDir = mkdtempSync(path.join(tmpdir(), 'quanyi-bench-code-import-'));
  const port = 19800 + (process.pid % 90);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      CAPTCHA: 'off',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      DEMO_DATA: 'true',
      TOKEN_RATE_LIMIT: '100000',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const url = `http://127.0.0.1:${String(port)}`;
  try {
    for (let i = 0; ; i++) {
      if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
      const up = await fetch(`${url}/api/blade-auth/oauth/public-key`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 1200) throw new Error(`server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const key = (
      (await (await fetch(`${url}/api/blade-auth/oauth/public-key`)).json()) as {
        data: { pem: string };
      }
    ).data.pem;
    const login = await fetch(`${url}/api/blade-auth/oauth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        tenantId: '000000',
        username: 'supply',
        password: publicEncrypt(
          { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
          Buffer.from(DEMO_PASSWORD),
        ).toString('base64'),
        grant_type: 'password',
      }),
      headers: { Authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}` },
    });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { 'Blade-Auth': `bearer ${token}` };
    const goods = (
      (await (await fetch(`${url}${API}/goods`, { headers })).json()) as {
        data: { id: string; supId: string; goodName: string }[];
      }
    ).data;
    const good = goods[0];
    const sibling = goods.find((g) => g.supId === good?.supId && g.id !== good?.id);
    if (!good) throw new Error('no demo coupon-code good');

    const measured = async <T>(run: () => Promise<T>) => {
      await new Promise((r) => setTimeout(r, 500));
      const resting = rssOf(child.pid!);
      let peak = resting;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 5);
      const start = performance.now();
      try {
        const answer = await run();
        return { answer, ms: performance.now() - start, resting, growth: peak - resting };
      } finally {
        clearInterval(sampler);
      }
    };
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
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
