/**
 * jsdom lays nothing out, so the table's row virtualiser sees a 0 px viewport and draws no rows.
 * This gives MRT's scroll container a 1000 x 600 box (and scrolling that moves it), as a browser
 * would. Call it in `beforeAll` of a test that renders a resource table.
 */
export function giveTableAViewport(rowsHeight = 500 * 61 + 120): void {
  const rect = HTMLElement.prototype.getBoundingClientRect;
  const container = (el: HTMLElement) => el.classList.contains('mrt-table-container');
  HTMLElement.prototype.getBoundingClientRect = function getBoundingClientRect(this: HTMLElement) {
    return container(this) ? DOMRect.fromRect({ width: 1000, height: 600 }) : rect.call(this);
  };
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return container(this) ? 600 : 0;
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return container(this) ? rowsHeight : 0;
    },
  });
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: unknown) {
    const top = (options as ScrollToOptions | undefined)?.top ?? 0;
    Object.defineProperty(this, 'scrollTop', { value: top, configurable: true });
    this.dispatchEvent(new Event('scroll'));
  } as typeof HTMLElement.prototype.scrollTo;
}
