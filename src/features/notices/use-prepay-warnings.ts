import { useResourceOptionsQuery } from '../../api/resource';
import {
  APP_PREPAY_WARNING_CODES,
  APP_PREPAY_WARNINGS,
  type PrepayWarnings,
} from '../../contracts/platform-client/app-prepay';
import { usePermissions } from '../../state/permissions-context';

/** A warnings answer as the notices read it; anything else counts as none. */
function asWarnings(data: unknown): PrepayWarnings | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const w = data as Partial<PrepayWarnings>;
  return typeof w.total === 'number' && Array.isArray(w.records)
    ? (w as PrepayWarnings)
    : undefined;
}

/**
 * The apps below their prepay warning (issue 27 item 2) for users who hold the prepay screen's
 * view button; nothing is asked of the server for anyone else. Cached per size under the prepay
 * service's tag, so a top-up or a new warning amount refreshes it.
 */
export function usePrepayWarnings(size: number) {
  const held = usePermissions();
  const allowed = APP_PREPAY_WARNING_CODES.some((code) => held.has(code));
  const query = useResourceOptionsQuery(
    { path: APP_PREPAY_WARNINGS, params: { size } },
    { skip: !allowed },
  );
  return { allowed, warnings: allowed ? asWarnings(query.data) : undefined };
}
