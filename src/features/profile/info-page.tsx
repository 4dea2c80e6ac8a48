/** Stub: replaced by the screen's implementation. */
export function InfoPage() {
  return <main>InfoPage</main>;
}
