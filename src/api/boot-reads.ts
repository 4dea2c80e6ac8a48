import type { StoredSession } from '../contracts/auth';
import { isRecord, readJson, writeJson } from '../lib/storage';
import { readKey, sendEarlyReads, type ApiRequest } from './client';

/**
 * A reload's reads, asked for before the console's code has loaded (issue 31). A start of the
 * console notes the reads (RTK queries only: a query never writes) that its first screen made
 * in its first seconds; the next start of the same tab on the same path, by the same user,
 * sends them at once from the entry, and the screens take the answers when they ask
 * (`sendEarlyReads`). The menu, the buttons, the user, the saved table layout and the list's
 * first page then travel while the code loads instead of after it.
 *
 * Kept in sessionStorage (this tab only, gone with it), one start at a time, under the user and
 * tenant: another user in the same tab replays nothing. A read that no longer matches (the
 * default date range moved on, the user changed the page size) costs one unused answer.
 */
const KEY = 'boot-reads';
/** How long after the start reads are noted: a reload's first screen has asked by then. */
export const NOTE_MS = 5_000;
const MAX_READS = 32;

interface BootReads {
  user: string;
  tenant: string;
  path: string;
  reads: string[];
}

const isBootReads = (v: unknown): v is BootReads =>
  isRecord(v) &&
  typeof v.user === 'string' &&
  typeof v.tenant === 'string' &&
  typeof v.path === 'string' &&
  Array.isArray(v.reads) &&
  v.reads.every((r) => typeof r === 'string');

let noting: (BootReads & { until: number }) | undefined;

/**
 * At the start of the console: sends the reads the last start of this tab made on `path`, when
 * it was the same user's, and starts noting this start's.
 */
export function startBootReads(
  session: StoredSession | undefined,
  path: string,
  now = Date.now(),
): void {
  noting = undefined;
  if (!session) return;
  const last = readJson(KEY, isBootReads, 'session');
  if (
    last &&
    last.user === session.user_id &&
    last.tenant === session.tenant_id &&
    last.path === path
  )
    sendEarlyReads(last.reads, session.access_token);
  noting = {
    user: session.user_id,
    tenant: session.tenant_id,
    path,
    reads: [],
    until: now + NOTE_MS,
  };
}

/**
 * A query the console sends (api.ts): noted while the start's first screen is shown and the
 * noting time lasts. Saved as it is noted, so a reload within the time keeps what was seen.
 */
export function noteBootRead(req: ApiRequest, path: string, now = Date.now()): void {
  if (!noting || now > noting.until || path !== noting.path) return;
  const key = readKey(req);
  if (!key || noting.reads.includes(key) || noting.reads.length >= MAX_READS) return;
  noting.reads.push(key);
  const { until: _until, ...saved } = noting;
  writeJson(KEY, saved, 'session');
}
