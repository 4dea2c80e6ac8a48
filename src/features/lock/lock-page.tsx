/** Stub: replaced by the screen's implementation. */
export function LockPage() {
  return <main>LockPage</main>;
}
