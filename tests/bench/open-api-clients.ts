import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { signedHeaders } from '../../server/services/platform-client/test-fixtures';
import { keepAlivePost } from './bench-kit';

/**
 * The bench's 50 signed open API clients (open-api.ts), in a worker thread of their own: as
 * real clients would be, they sign and parse on another core than the server's event loop, so
 * the figures are the server's. They speak HTTP/1.1 through node:http with one kept-alive
 * connection each: `fetch` (undici) cost this thread three times the CPU per call (busy 44% against
 * 15%), and with 50 clients on one thread its own queue added about 20 ms to the p95. Posts `{warm}` after the warm-up, `{progress}` every tenth of the run and `{done}` at the end.
 */

export interface ClientsJob {
  url: string;
  caller: { appKey: string; secret: string };
  clients: number;
  orders: number;
  warmup: number;
  productCode: string;
}

export interface ClientsResult {
  samples: number[];
  failed: number;
  /** How busy this thread was over the measured run (0..1): near 1, the clients are the limit. */
  busy: number;
  wallMs: number;
  firstRefusal?: string;
}

const job = workerData as ClientsJob;
const agent = new Agent({ keepAlive: true, maxSockets: job.clients });

const post = (path: string, body: string, headers: Record<string, string>) =>
  keepAlivePost(agent, `${job.url}${path}`, body, headers);
let n = 0;
let firstRefusal: string | undefined;

async function place(): Promise<boolean> {
  const path = '/open/v1/orders';
  const body = JSON.stringify({
    outOrderNo: `B${String(n++)}`,
    productCode: job.productCode,
    quantity: 1,
  });
  const { status, text } = await post(path, body, signedHeaders(job.caller, 'POST', path, body));
  const answer = JSON.parse(text) as { data?: { state: string } };
  const ok = status === 200 && answer.data?.state === 'success';
  if (!ok) firstRefusal ??= `${String(status)} ${text}`;
  return ok;
}

async function run(): Promise<ClientsResult> {
  for (let i = 0; i < job.warmup; i++) await place();
  parentPort!.postMessage({ warm: true });
  const samples: number[] = [];
  const step = Math.max(1, Math.floor(job.orders / 10));
  let started = 0;
  let failed = 0;
  const client = async () => {
    while (started < job.orders) {
      started++;
      const s = performance.now();
      if (!(await place())) failed++;
      samples.push(performance.now() - s);
      if (samples.length % step === 0) parentPort!.postMessage({ progress: samples.length });
    }
  };
  const t0 = performance.now();
  const elu0 = performance.eventLoopUtilization();
  await Promise.all(Array.from({ length: job.clients }, client));
  const busy = performance.eventLoopUtilization(elu0).utilization;
  return { samples, failed, busy, wallMs: performance.now() - t0, firstRefusal };
}

void run().then((done) => parentPort!.postMessage({ done }));
