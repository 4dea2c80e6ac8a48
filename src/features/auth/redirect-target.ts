/**
 * Where to go after signing in or unlocking: the `from` the route guard put in the location
 * state, if it is a path of this site. Anything that could leave the origin ('//evil.example',
 * '/\evil.example', 'https://…') or loop back to a public page falls back.
 */
const ORIGIN = 'http://console.invalid';
const PUBLIC_PATHS = new Set(['/login', '/lock']);

export function redirectTarget(state: unknown, fallback = '/'): string {
  if (typeof state !== 'object' || state === null) return fallback;
  const from = (state as Record<string, unknown>).from;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return fallback;
  let url: URL;
  try {
    url = new URL(from, ORIGIN);
  } catch {
    return fallback;
  }
  // The URL parser also strips tabs and newlines and reads '\' as '/', so check what it made.
  if (url.origin !== ORIGIN || PUBLIC_PATHS.has(url.pathname)) return fallback;
  return url.pathname + url.search + url.hash;
}
