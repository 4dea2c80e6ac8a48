/** Stub: replaced by the screen's implementation. */
export function NotFoundPage() {
  return <main>404</main>;
}
export function ForbiddenPage() {
  return <main>403</main>;
}
export function ServerErrorPage() {
  return <main>500</main>;
}
