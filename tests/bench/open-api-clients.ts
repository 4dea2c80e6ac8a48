import { parentPort, workerData } from 'node:worker_threads';
import { signedHeaders } from '../../server/services/platform-client/test-fixtures';

/**
 * The bench's 50 signed open API clients (open-api.ts), in a worker thread of their own: as
 * real clients would be, they sign and parse on another core than the server's event loop, so
 * the figures are the server's. Posts `{warm}` after the warm-up, `{progress}` every tenth of the run and `{done}` at the end.
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
  wallMs: number;
  firstRefusal?: string;
}

const job = workerData as ClientsJob;
let n = 0;
let firstRefusal: string | undefined;

async function place(): Promise<boolean> {
  const path = '/open/v1/orders';
  const body = JSON.stringify({
    outOrderNo: `B${String(n++)}`,
    productCode: job.productCode,
    quantity: 1,
  });
  const res = await fetch(`${job.url}${path}`, {
    method: 'POST',
    body,
    headers: signedHeaders(job.caller, 'POST', path, body),
  });
  const answer = (await res.json()) as { data?: { state: string } };
  const ok = res.status === 200 && answer.data?.state === 'success';
  if (!ok) firstRefusal ??= `${String(res.status)} ${JSON.stringify(answer)}`;
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
  await Promise.all(Array.from({ length: job.clients }, client));
  return { samples, failed, wallMs: performance.now() - t0, firstRefusal };
}

void run().then((done) => parentPort!.postMessage({ done }));
