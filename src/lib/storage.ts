/**
 * Browser storage that never breaks start-up: values are JSON, read through a validator, and
 * anything unreadable, oversized or of the wrong shape is discarded (never eval'ed).
 */
export const STORAGE_PREFIX = 'quanyi.';
const MAX_VALUE_LENGTH = 512 * 1024;

export type Validator<T> = (value: unknown) => value is T;

function store(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return undefined; // storage disabled (privacy mode, sandboxed frame)
  }
}

export function readJson<T>(
  key: string,
  validate: Validator<T>,
  kind: 'local' | 'session' = 'local',
): T | undefined {
  const s = store(kind);
  let raw: string | null = null;
  try {
    raw = s?.getItem(STORAGE_PREFIX + key) ?? null;
  } catch {
    return undefined;
  }
  if (raw === null) return undefined;
  if (raw.length > MAX_VALUE_LENGTH) {
    removeKey(key, kind);
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(raw);
    if (validate(value)) return value;
  } catch {
    // fall through: corrupted entry
  }
  removeKey(key, kind);
  return undefined;
}

/** Writes a value; answers false when the browser refused (quota, disabled). */
export function writeJson(
  key: string,
  value: unknown,
  kind: 'local' | 'session' = 'local',
): boolean {
  try {
    const raw = JSON.stringify(value);
    if (raw.length > MAX_VALUE_LENGTH) return false;
    store(kind)?.setItem(STORAGE_PREFIX + key, raw);
    return true;
  } catch {
    return false;
  }
}

export function removeKey(key: string, kind: 'local' | 'session' = 'local'): void {
  try {
    store(kind)?.removeItem(STORAGE_PREFIX + key);
  } catch {
    // nothing to do
  }
}

export const isString = (v: unknown): v is string => typeof v === 'string';
export const isBoolean = (v: unknown): v is boolean => typeof v === 'boolean';
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
export const oneOf =
  <T extends string>(...values: T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (values as string[]).includes(v);
