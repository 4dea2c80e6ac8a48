import { useResourceOptionsQuery } from '../../api/resource';
import {
  GOOD_WARNING_CODES,
  GOOD_WARNING_LIST,
  type GoodWarnings,
} from '../../contracts/platform-supplier/good-warning';
import { usePermissions } from '../../state/permissions-context';

/** A warnings answer as the card and the notices read it; anything else counts as none. */
function asWarnings(data: unknown): GoodWarnings | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const w = data as Partial<GoodWarnings>;
  return typeof w.total === 'number' && Array.isArray(w.records) ? (w as GoodWarnings) : undefined;
}

/**
 * The goods warnings (issue 17 item 6) for users who hold the goods screen; nothing is asked of
 * the server for anyone else. One cached query per size, refreshed when goods change (its tag is
 * the sup-good service's).
 */
export function useGoodWarnings(size: number) {
  const held = usePermissions();
  const allowed = GOOD_WARNING_CODES.some((code) => held.has(code));
  const query = useResourceOptionsQuery(
    { path: GOOD_WARNING_LIST, params: { size } },
    { skip: !allowed },
  );
  return {
    allowed,
    warnings: allowed ? asWarnings(query.data) : undefined,
    isLoading: allowed && query.isLoading,
    isError: allowed && query.isError,
  };
}
