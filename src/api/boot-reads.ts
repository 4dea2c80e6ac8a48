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

/**
 * The RTK query behind a read: its endpoint's name and the arguments it was asked with (absent
 * for a query asked without one).
 */
export interface NotedQuery {
  endpoint: string;
  args?: unknown;
}

interface BootReads {
  user: string;
  tenant: string;
  path: string;
  reads: string[];
  queries: NotedQuery[];
}

const isNotedQuery = (v: unknown): v is NotedQuery => isRecord(v) && typeof v.endpoint === 'string';

const isBootReads = (v: unknown): v is BootReads =>
  isRecord(v) &&
  typeof v.user === 'string' &&
  typeof v.tenant === 'string' &&
  typeof v.path === 'string' &&
  Array.isArray(v.reads) &&
  v.reads.every((r) => typeof r === 'string') &&
  Array.isArray(v.queries) &&
  v.queries.every(isNotedQuery);

let noting: (BootReads & { until: number }) | undefined;

/**
 * At the start of the console: sends the reads the last start of this tab made on `path`, when
 * it was the same user's, and starts noting this start's. Returns the queries behind the reads
 * sent, so that the start can put their answers in RTK's cache before its first render
 * (app/boot-queries.ts).
 */
export function startBootReads(
  session: StoredSession | undefined,
  path: string,
  now = Date.now(),
): NotedQuery[] {
  noting = undefined;
  if (!session) return [];
  const last = readJson(KEY, isBootReads, 'session');
  const replayed =
    last &&
    last.user === session.user_id &&
    last.tenant === session.tenant_id &&
    last.path === path;
  if (replayed) sendEarlyReads(last.reads, session.access_token);
  noting = {
    user: session.user_id,
    tenant: session.tenant_id,
    path,
    reads: [],
    queries: [],
    until: now + NOTE_MS,
  };
  return replayed ? last.queries : [];
}

/**
 * A query the console sends (api.ts): noted while the start's first screen is shown and the
 * noting time lasts, with the RTK query that sent it when known. Saved as it is noted, so a
 * reload within the time keeps what was seen.
 */
export function noteBootRead(
  req: ApiRequest,
  path: string,
  now = Date.now(),
  query?: NotedQuery,
): void {
  if (!noting || now > noting.until || path !== noting.path) return;
  const key = readKey(req);
  if (!key || noting.reads.includes(key) || noting.reads.length >= MAX_READS) return;
  noting.reads.push(key);
  if (query) noting.queries.push(query);
  const { until: _until, ...saved } = noting;
  writeJson(KEY, saved, 'session');
}
