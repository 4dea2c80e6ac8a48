/**
 * A loading promise that says when it has settled, in the fields React's `use` reads: code that
 * has already arrived (preloaded at the start, or on hover) renders at once instead of
 * suspending. A suspended render that is retried is held back by React for up to 300 ms, so a
 * screen whose code is loaded should not suspend at all.
 */
export function readable<T>(loading: Promise<T>): Promise<T> {
  const tagged = loading as Promise<T> & { status?: string; value?: T; reason?: unknown };
  tagged.status = 'pending';
  loading.then(
    (value) => Object.assign(tagged, { status: 'fulfilled', value }),
    (reason: unknown) => Object.assign(tagged, { status: 'rejected', reason }),
  );
  return loading;
}
