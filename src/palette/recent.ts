import { isRecord, readJson, writeJson } from '../lib/storage';

/** Commands the user ran, id -> time (ms), for the recent group and the ranking's boost. */
const KEY = 'palette.recent';
const MAX = 50;

const isRecency = (v: unknown): v is Record<string, number> =>
  isRecord(v) && Object.values(v).every((t) => typeof t === 'number' && Number.isFinite(t));

export function readRecency(): Map<string, number> {
  return new Map(Object.entries(readJson(KEY, isRecency) ?? {}));
}

/** Records a run; the oldest entries beyond 50 are forgotten. */
export function recordRun(id: string, now = Date.now()): Map<string, number> {
  const next = readRecency();
  next.set(id, now);
  const kept = [...next].sort((a, b) => b[1] - a[1]).slice(0, MAX);
  writeJson(KEY, Object.fromEntries(kept));
  return new Map(kept);
}
