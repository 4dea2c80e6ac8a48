/**
 * The external page of /myiframe/* (spec section 2). Saber puts the target in the query and,
 * so that its own query is not split, writes the target's '&' as '#'. An unencoded '#' ends
 * the console's query, so the rest of the target arrives as the location hash.
 */
const PARAMS = ['url', 'src'] as const;

/** The raw target from the console's location (search and hash), '#' turned back into '&'. */
export function frameTargetFromLocation(search: string, hash: string): string | undefined {
  const params = new URLSearchParams(search);
  const key = PARAMS.find((k) => params.has(k));
  if (!key) return undefined;
  let raw = params.get(key) ?? '';
  // Only when the target is the last parameter can the hash be the rest of it.
  const last = [...params.keys()].pop();
  if (hash && hash !== '#' && last === key) raw += hash;
  return raw.replace(/#/g, '&');
}

export type FrameUrlCheck = { ok: true; url: string; host: string } | { ok: false };

/**
 * Only absolute http(s) URLs may be framed: javascript:, data:, blob:, relative and
 * malformed targets are refused (they would run in, or navigate, the console's context).
 */
export function checkFrameUrl(raw: string | undefined | null): FrameUrlCheck {
  if (!raw) return { ok: false };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false };
  if (!url.hostname) return { ok: false };
  return { ok: true, url: url.href, host: url.host };
}
