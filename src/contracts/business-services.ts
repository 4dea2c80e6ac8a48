/**
 * The business services' names (spec.md section 7: `blade-{org}-platform-supplier`, ...). The
 * console is built for one `{org}`; a server configured with another BLADE_ORG answers under
 * both names (server/app.ts rewrites its own to these), so older clients keep working.
 */
export const ORG = 'quanyi';

export const SUPPLIER_SERVICE = `blade-${ORG}-platform-supplier`;
export const CLIENT_SERVICE = `blade-${ORG}-platform-client`;
export const PARKING_SERVICE = `blade-${ORG}-platform-parking`;
/** Pay orders and the project margin report (issue 28; not among the spec's services). */
export const FINANCE_SERVICE = `blade-${ORG}-platform-finance`;

/**
 * A request path with the configured organisation's business service names written as the
 * console's (`/api/blade-acme-platform-supplier/sup/list` -> `/api/blade-quanyi-platform-...`).
 */
export function canonicalServicePath(url: string, org: string): string {
  if (org === ORG) return url;
  const prefix = `/api/blade-${org}-platform-`;
  return url.startsWith(prefix) ? `/api/blade-${ORG}-platform-${url.slice(prefix.length)}` : url;
}
