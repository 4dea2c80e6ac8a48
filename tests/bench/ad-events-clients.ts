import { Agent } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { AD_EVENT_CALLS } from '../../src/contracts/platform-ad/ad-event';
import {
  sandboxEvents,
  wireOf,
  type FeedPlan,
} from '../../server/services/platform-supplier/advert/events/feed-driver';
import { signedHeaders } from '../../server/services/platform-client/test-fixtures';
import { keepAlivePost } from './bench-kit';

/**
 * The ad event bench's feed clients (ad-events.ts), in a worker thread of their own so the
 * server's event loop is measured alone: the sandbox feed's events in batches of 1,000, signed
 * and POSTed over node:http keep-alive connections by a few parallel clients. Posts `{progress}`
 * every `step` events and `{done}` at the end.
 */
export interface AdClientsJob {
  url: string;
  caller: { appKey: string; secret: string };
  clients: number;
  events: number;
  step: number;
  plans: FeedPlan[];
  from: number;
  to: number;
  impressionsPerDay: number;
}

export interface AdClientsResult {
  sent: number;
  accepted: number;
  calls: number;
  failed: number;
  wallMs: number;
  busy: number;
  samples: number[];
  firstRefusal?: string;
}

const job = workerData as AdClientsJob;
const agent = new Agent({ keepAlive: true, maxSockets: job.clients });
const path = `/api/${AD_EVENT_CALLS.ingest}`;

const post = (body: string) =>
  keepAlivePost(agent, `${job.url}${path}`, body, signedHeaders(job.caller, 'POST', path, body));

async function run(): Promise<AdClientsResult> {
  const feed = sandboxEvents(job.plans, {
    seed: 1,
    from: new Date(job.from),
    to: new Date(job.to),
    impressionsPerDay: job.impressionsPerDay,
    idPrefix: 'bench',
  });
  let sent = 0;
  let accepted = 0;
  let calls = 0;
  let failed = 0;
  let firstRefusal: string | undefined;
  let nextStep = job.step;
  const samples: number[] = [];
  const nextBatch = () => {
    const batch = [];
    while (batch.length < 1000 && sent + batch.length < job.events) {
      const e = feed.next();
      if (e.done) break;
      batch.push(wireOf(e.value));
    }
    sent += batch.length;
    return batch;
  };
  const client = async () => {
    for (;;) {
      const batch = nextBatch();
      if (batch.length === 0) return;
      const s = performance.now();
      const { status, text } = await post(JSON.stringify({ events: batch }));
      samples.push(performance.now() - s);
      calls++;
      const answer = JSON.parse(text) as { data?: { accepted: number } };
      if (status !== 200 || !answer.data) {
        failed++;
        firstRefusal ??= `${String(status)} ${text.slice(0, 300)}`;
      } else accepted += answer.data.accepted;
      while (sent >= nextStep) {
        parentPort!.postMessage({ progress: nextStep });
        nextStep += job.step;
      }
    }
  };
  const t0 = performance.now();
  const elu0 = performance.eventLoopUtilization();
  await Promise.all(Array.from({ length: job.clients }, client));
  const busy = performance.eventLoopUtilization(elu0).utilization;
  return {
    sent,
    accepted,
    calls,
    failed,
    wallMs: performance.now() - t0,
    busy,
    samples,
    firstRefusal,
  };
}

void run().then((done) => parentPort!.postMessage({ done }));
