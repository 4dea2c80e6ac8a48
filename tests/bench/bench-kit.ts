import { mkdtempSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';

/** The administrator's password of the benches' empty servers. */
export const BENCH_ADMIN_PASSWORD = 'Bench@26';

/** `--name N` from the command line: a whole number above 0, else `fallback`. */
export const argValue = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name);
  const n = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/**
 * A server in the bench's process on an empty embedded SQLite database (a temp DATA_DIR, no demo
 * data, no export worker, no list or token limits): the bench writes what it measures. Answers
 * the app and its data directory (the caller removes it).
 */
export async function emptyBenchApp(
  name: string,
): Promise<{ app: FastifyInstance; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `quanyi-bench-${name}-`));
  const app = await buildApp({
    config: {
      dataDir,
      databaseUrl: undefined,
      captcha: false,
      demoData: false,
      staticDir: undefined,
      listRateLimit: 0,
      tokenRateLimit: 100_000,
      adminPassword: BENCH_ADMIN_PASSWORD,
    },
    exportWorker: false,
  });
  return { app, dataDir };
}

/**
 * POSTs `body` over `agent`'s kept-alive connections (node:http: a bench's clients spend far
 * less of their thread than with `fetch`); answers the status and the text.
 */
export function keepAlivePost(
  agent: Agent,
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent,
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
