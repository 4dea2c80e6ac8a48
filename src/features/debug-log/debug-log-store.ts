import { isRecord, isString, readJson, writeJson, removeKey } from '../../lib/storage';

/**
 * The local debug log (spec section 3: type, url, message, stack, info, time): uncaught errors
 * and failed API calls, with tokens and phone numbers redacted, at most 200 entries, kept in
 * localStorage so it survives a reload. Bad stored entries are dropped, never evaluated.
 */
export interface DebugEntry {
  type: string;
  url: string;
  message: string;
  stack: string;
  info: string;
  time: string;
}

const KEY = 'debug-log';
export const MAX_ENTRIES = 200;
const MAX_FIELD = 4000;

const isEntry = (v: unknown): v is DebugEntry =>
  isRecord(v) && ['type', 'url', 'message', 'stack', 'info', 'time'].every((k) => isString(v[k]));

/** Removes secrets a log must never hold: bearer tokens, JWTs, token parameters, phone numbers. */
export function redact(text: string): string {
  return text
    .replace(/(bearer|basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]')
    .replace(/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, '[token]')
    .replace(
      /((?:access_token|refresh_token|token|password|crypto_key)["']?\s*[=:]\s*["']?)[^"'&\s,}]+/gi,
      '$1[redacted]',
    )
    .replace(/(?<!\d)1\d{10}(?!\d)/g, (m) => `${m.slice(0, 3)}****${m.slice(7)}`)
    .slice(0, MAX_FIELD);
}

/**
 * The type of an entry for an API call the server refused as designed (a 4xx answer with its
 * message: a refused field, a conflict, a missing record, a rate limit). The entry is kept for
 * whoever reads the log, but the badge does not count it: the user was already told, and an
 * ordinary validation refusal is no alarm (issue 25 item 20).
 */
export const REFUSAL_ENTRY = 'refusal';

/** The entry type of a failed API call by its status: refusals apart from failures. */
export function apiEntryType(status: number | string): string {
  return typeof status === 'number' && status >= 400 && status < 500 ? REFUSAL_ENTRY : 'api';
}

/** What the badge counts: errors of the console itself and failed calls (5xx, network, ...). */
export const isAlarm = (entry: DebugEntry): boolean => entry.type !== REFUSAL_ENTRY;

type Listener = () => void;
const listeners = new Set<Listener>();
let cache: DebugEntry[] | undefined;

export function readDebugLog(): DebugEntry[] {
  if (!cache) {
    const raw = readJson(KEY, (v): v is unknown[] => Array.isArray(v)) ?? [];
    cache = raw.filter(isEntry).slice(-MAX_ENTRIES);
  }
  return cache;
}

export function recordDebugEntry(entry: Omit<DebugEntry, 'time'> & { time?: string }): void {
  const clean: DebugEntry = {
    type: redact(entry.type),
    url: redact(entry.url),
    message: redact(entry.message),
    stack: redact(entry.stack),
    info: redact(entry.info),
    time: entry.time ?? new Date().toISOString(),
  };
  cache = [...readDebugLog(), clean].slice(-MAX_ENTRIES);
  writeJson(KEY, cache);
  listeners.forEach((l) => l());
}

export function clearDebugLog(): void {
  cache = [];
  removeKey(KEY);
  listeners.forEach((l) => l());
}

/**
 * Removes exactly the given entries (by identity), e.g. the ones just uploaded, so entries
 * recorded while the upload was in flight are kept.
 */
export function removeDebugEntries(sent: readonly DebugEntry[]): void {
  const gone = new Set(sent);
  const next = readDebugLog().filter((e) => !gone.has(e));
  if (next.length === readDebugLog().length) return;
  cache = next;
  if (next.length === 0) removeKey(KEY);
  else writeJson(KEY, next);
  listeners.forEach((l) => l());
}

export function subscribeDebugLog(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
