/** Spec section 9: the debug log badge shows at most 99. */
export const BADGE_MAX = 99;

/** The badge text for a count: undefined (no badge) at 0, the number up to 99, then '99+'. */
export function badgeText(count: number, max = BADGE_MAX): string | undefined {
  if (!Number.isFinite(count) || count < 1) return undefined;
  return count > max ? `${max}+` : String(Math.floor(count));
}
