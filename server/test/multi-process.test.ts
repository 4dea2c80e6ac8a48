import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startMainProcess, stopMainProcess, type MainProcess as Server } from './main-process.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Database } from '../db/database.js';
import { encryptWithPublicKey, RsaTransport } from '../lib/rsa.js';
import { S3Storage } from '../lib/storage/index.js';
import { startS3Server, type LocalS3 } from './s3-server.js';
import { ownDatabase, type OwnDatabase } from './pg-admin.js';
import { ADMIN_PASSWORD, BASIC } from './support.js';

/**
 * Several machines behind one address (issue 30 item 3): two `server/main.ts` processes, each
 * with its own DATA_DIR (nothing on one's disk is on the other's), on one PostgreSQL database and
 * one S3 bucket (s3rver, started here). Whatever one process did, the other one answers the
 * same: a file uploaded through A downloads through B, an export made by A downloads from B, the
 * token rate limit counts both, a captcha drawn by A is accepted by B, a session ended on A is
 * refused by B at once, and a queued export is written once although both run workers.
 *
 * PostgreSQL only (TEST_DATABASE_URL; CI runs the server suite on it): SQLite's two-process case
 * is db/two-processes.test.ts.
 */
const URL_ = process.env.TEST_DATABASE_URL;
const TENANT = '000000';
const TOKEN_LIMIT = 6;

async function startServer(name: string, env: Record<string, string>): Promise<Server> {
  return startMainProcess(name, mkdtempSync(path.join(tmpdir(), `quanyi-mp-${name}-`)), env);
}

async function stopServer(server: Server): Promise<void> {
  await stopMainProcess(server);
  rmSync(server.dataDir, { recursive: true, force: true });
}

/** Every file under a folder (relative paths). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    statSync(path.join(dir, f)).isFile(),
  );
}

describe.skipIf(!URL_)('two server processes on one PostgreSQL and one S3 bucket', () => {
  let own: OwnDatabase | undefined;
  let database: Database;
  let s3: LocalS3;
  let a: Server;
  let b: Server;
  /** Each scenario signs in from its own client address (TRUST_PROXY: loopback), so the token
   * rate limit of one does not spend another's. */
  let clients = 0;
  const clientAddress = () => `198.51.100.${String(++clients)}`;

  beforeAll(async () => {
    s3 = await startS3Server();
    // A database of its own, migrated here once: the processes then find it migrated.
    own = await ownDatabase(URL_!);
    database = await openDatabase({ databaseUrl: own.url, pgSchema: 'public' });
    await migrate(database.db, database.schema);
    const env = {
      ...s3.env,
      DATABASE_URL: own.url,
      JWT_SECRET: randomBytes(32).toString('hex'),
      RSA_PRIVATE_KEY: RsaTransport.generatePrivateKeyPem(),
      ADMIN_PASSWORD,
      DEMO_DATA: 'false',
      CAPTCHA: 'on',
      TOKEN_RATE_LIMIT: String(TOKEN_LIMIT),
      CAPTCHA_RATE_LIMIT: '1000',
      TRUST_PROXY: '127.0.0.1',
    };
    // The first process seeds; the second starts on the seeded database.
    a = await startServer('A', env);
    b = await startServer('B', env);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopServer));
    await database?.close();
    await own?.drop();
    await s3?.close();
  });

  /** A captcha drawn by `server`: its key, and its answer read from the shared database. */
  async function captcha(server: Server, from: string): Promise<{ key: string; code: string }> {
    const res = await fetch(`${server.base}/api/blade-auth/oauth/captcha`, {
      headers: { 'x-forwarded-for': from },
    });
    expect(res.status).toBe(200);
    const { key } = (await res.json()) as { key: string };
    const row = await database.db
      .selectFrom('authCaptcha')
      .select('code')
      .where('captchaKey', '=', key)
      .executeTakeFirstOrThrow();
    return { key, code: row.code };
  }

  async function tokenRequest(
    server: Server,
    from: string,
    answer: { key: string; code: string },
  ): Promise<Response> {
    const pem = (
      (await (await fetch(`${server.base}/api/blade-auth/oauth/public-key`)).json()) as {
        data: { pem: string };
      }
    ).data.pem;
    return fetch(`${server.base}/api/blade-auth/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: BASIC,
        'x-forwarded-for': from,
        'captcha-key': answer.key,
        'captcha-code': answer.code,
      },
      body: new URLSearchParams({
        tenantId: TENANT,
        username: 'admin',
        password: encryptWithPublicKey(pem, ADMIN_PASSWORD),
        grant_type: 'captcha',
        scope: 'all',
      }),
    });
  }

  /** The administrator signed in on `server` (captcha drawn there too). */
  async function login(server: Server): Promise<string> {
    const from = clientAddress();
    const res = await tokenRequest(server, from, await captcha(server, from));
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  const auth = (token: string) => ({ 'blade-auth': `bearer ${token}` });

  async function bytesOf(res: Response): Promise<Buffer> {
    return Buffer.from(await res.arrayBuffer());
  }

  it('downloads through B a file uploaded through A (the bytes are in the bucket)', async () => {
    const token = await login(a);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(50_000)]);
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), '季度报告.pdf');
    const up = await fetch(`${a.base}/api/blade-resource/oss/endpoint/put-file`, {
      method: 'POST',
      headers: auth(token),
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const { attachId, name } = ((await up.json()) as { data: { attachId: string; name: string } })
      .data;

    const down = await fetch(`${b.base}/api/blade-resource/attach/download?id=${attachId}`, {
      headers: auth(token),
    });
    expect(down.status).toBe(200);
    expect(down.headers.get('content-type')).toBe('application/pdf');
    expect((await bytesOf(down)).equals(pdf)).toBe(true);
    // Neither process keeps it on its own disk: it is the bucket's.
    expect(await new S3Storage(s3.config).stat(name)).toMatchObject({ size: pdf.length });
    for (const server of [a, b]) expect(filesUnder(server.dataDir).join('\n')).not.toContain(name);
  });

  it('serves from B, by byte range, a video uploaded through A', async () => {
    const token = await login(a);
    // A WebM start (EBML header, DocType webm), then a body to seek in.
    const video = Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0x82, 0x84]),
      Buffer.from('webm', 'latin1'),
      randomBytes(300_000),
    ]);
    const form = new FormData();
    form.append('file', new Blob([video], { type: 'video/webm' }), 'clip.webm');
    const up = await fetch(`${a.base}/api/blade-resource/video/upload`, {
      method: 'POST',
      headers: auth(token),
      body: form,
    });
    expect(up.status, await up.clone().text()).toBe(200);
    const { link } = ((await up.json()) as { data: { link: string } }).data;

    const before = s3.requests.length;
    const part = await fetch(`${b.base}${link}`, { headers: { range: 'bytes=200000-200099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 200000-200099/${video.length}`);
    expect((await bytesOf(part)).equals(video.subarray(200_000, 200_100))).toBe(true);
    // B asked the bucket for those bytes only (a ranged GET), not the whole video.
    expect(s3.requests.slice(before).filter((r) => r.method === 'GET')).toEqual([
      expect.objectContaining({ status: 206 }),
    ]);
    const whole = await fetch(`${b.base}${link}`);
    expect((await bytesOf(whole)).equals(video)).toBe(true);
  });

  it('downloads from B an export made by A, and writes each queued export once', async () => {
    const token = await login(a);
    // Four tasks queued through both processes at once; both processes' workers poll.
    const created = await Promise.all(
      [a, b, a, b].map(async (server) => {
        const res = await fetch(
          `${server.base}/api/blade-system/post/excel/export/async?excelType=post`,
          { method: 'POST', headers: auth(token) },
        );
        expect(res.status, await res.clone().text()).toBe(200);
        return ((await res.json()) as { data: { id: string } }).data.id;
      }),
    );
    // Wait until the export centre (read through B) shows all four finished.
    let records: { id: string; status: string; fileSize: number }[] = [];
    for (;;) {
      const res = await fetch(`${b.base}/api/blade-system/data-export/list?size=50`, {
        headers: auth(token),
      });
      records = ((await res.json()) as { data: { records: typeof records } }).data.records;
      const mine = records.filter((r) => created.includes(r.id));
      expect(mine.map((r) => r.status)).not.toContain('生成失败');
      if (mine.length === 4 && mine.every((r) => r.status === '文件已生成')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Run once: each file was put to the bucket by exactly one worker, and no task is listed twice.
    for (const id of created) {
      const puts = s3.requests.filter(
        (r) => r.method === 'PUT' && r.path.endsWith(`/exports/${id}.xlsx`),
      );
      expect(puts, id).toHaveLength(1);
    }
    expect(records.filter((r) => created.includes(r.id))).toHaveLength(4);

    // A's task, a ticket from A, the file from B (and the plain download from B).
    const id = created[0]!;
    const ticket = await fetch(`${a.base}/api/blade-system/data-export/ticket?id=${id}`, {
      method: 'POST',
      headers: auth(token),
    });
    expect(ticket.status).toBe(200);
    const { ticket: value } = ((await ticket.json()) as { data: { ticket: string } }).data;
    const file = await fetch(`${b.base}/api/blade-system/data-export/file?ticket=${value}`);
    expect(file.status).toBe(200);
    const xlsx = await bytesOf(file);
    expect(xlsx.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))).toBe(true);
    expect(xlsx.length).toBe(Number(records.find((r) => r.id === id)!.fileSize));
    const again = await fetch(`${b.base}/api/blade-system/data-export/download?id=${id}`, {
      headers: auth(token),
    });
    expect(again.status).toBe(200);
    expect((await bytesOf(again)).equals(xlsx)).toBe(true);
    for (const server of [a, b]) expect(filesUnder(server.dataDir).join('\n')).not.toMatch(/xlsx/);
  }, 40_000);

  it('accepts on B a captcha drawn by A, once', async () => {
    const from = clientAddress();
    const answer = await captcha(a, from);
    const res = await tokenRequest(b, from, answer);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as { access_token?: string }).access_token).toBeTruthy();
    const replay = await tokenRequest(a, from, answer);
    expect(replay.status).toBe(400);
  });

  it('refuses on B, at its next request, a session ended on A', async () => {
    const token = await login(a);
    const list = `/api/blade-system/data-export/list`;
    expect((await fetch(`${b.base}${list}`, { headers: auth(token) })).status).toBe(200);
    // GET logout ends the session (POST logout only ships the console's debug log).
    const out = await fetch(`${a.base}/api/blade-auth/oauth/logout`, { headers: auth(token) });
    expect(out.status).toBe(200);
    expect((await fetch(`${b.base}${list}`, { headers: auth(token) })).status).toBe(401);
  });

  it('allows exactly TOKEN_RATE_LIMIT token requests a minute across both processes', async () => {
    // The limit counts per minute window: start well inside one, so all calls share it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000)
      await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const from = '203.0.113.30';
    const statuses: number[] = [];
    for (let i = 0; i < TOKEN_LIMIT * 2 + 2; i++) {
      const server = i % 2 === 0 ? a : b;
      // No captcha: refused (400) before any password work; only the count matters here.
      const res = await fetch(`${server.base}/api/blade-auth/oauth/token`, {
        method: 'POST',
        headers: { authorization: BASIC, 'x-forwarded-for': from },
        body: new URLSearchParams({ tenantId: TENANT, username: 'admin', grant_type: 'captcha' }),
      });
      await res.body?.cancel();
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s !== 429)).toHaveLength(TOKEN_LIMIT);
    expect(statuses.slice(TOKEN_LIMIT).every((s) => s === 429)).toBe(true);
    for (const server of [a, b]) expect(server.child.exitCode, server.log()).toBe(null);
  }, 30_000);
});
