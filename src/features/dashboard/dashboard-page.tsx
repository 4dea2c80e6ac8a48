/** Stub: replaced by the screen's implementation. */
export function DashboardPage() {
  return <main>DashboardPage</main>;
}
