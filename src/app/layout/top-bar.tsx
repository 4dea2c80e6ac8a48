/** Stub: the top bar (spec screen 1) is written in app/layout/top-bar/. */
export function TopBar() {
  return null;
}
