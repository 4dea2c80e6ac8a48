/** Stub: replaced by the screen's implementation. */
export function IframePage() {
  return <main>IframePage</main>;
}
