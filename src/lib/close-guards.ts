/**
 * Pages holding unsaved work (the BPMN modeller) guard their tab: closing it from the tab bar, a
 * shortcut or the palette asks the page first, through the page's own confirm dialog. Keyed by
 * tab key; the page drops its guard when the work is saved or the page goes away.
 */
type Guard = () => Promise<boolean>;

const guards = new Map<string, Guard>();

/** Guards a tab's close; returns the release (call it when the work is saved or on unmount). */
export function guardTabClose(key: string, guard: Guard): () => void {
  guards.set(key, guard);
  return () => {
    if (guards.get(key) === guard) guards.delete(key);
  };
}

/** Asks each guarded tab among `keys` in turn; false as soon as one says to keep it. */
export async function mayCloseTabs(keys: readonly string[]): Promise<boolean> {
  for (const key of keys) {
    const guard = guards.get(key);
    if (guard && !(await guard())) return false;
  }
  return true;
}
