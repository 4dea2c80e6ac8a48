/** Stub: replaced by the screen's implementation. */
export function ScreenResolver() {
  return <main>ScreenResolver</main>;
}
