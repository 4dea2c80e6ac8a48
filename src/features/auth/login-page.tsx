/** Stub: replaced by the screen's implementation. */
export function LoginPage() {
  return <main>LoginPage</main>;
}
