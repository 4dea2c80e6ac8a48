/**
 * The server answers a path that cannot be a console route (`/.env`, `/actuator/env`, a file not
 * in the build) with index.html marked `<meta name="quanyi-status" content="404">` and status
 * 404 (server/lib/console-pages.ts). The console then shows its 404 page, as spec section 2 says
 * of any unknown path: the address becomes /404 before the router reads it.
 */
export function adoptServerNotFound(doc: Document, history: History): boolean {
  const mark = doc.querySelector('meta[name="quanyi-status"][content="404"]');
  if (!mark) return false;
  mark.remove();
  history.replaceState(null, '', '/404');
  return true;
}
