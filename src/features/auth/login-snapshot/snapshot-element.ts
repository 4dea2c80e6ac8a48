/** The meta element by which login.html states the server's captcha mode ('on' or 'off'). */
export const CAPTCHA_MODE_META = 'captcha-mode';

/**
 * The captcha mode login.html was served for (the server picks the page by its setting), so
 * the console can start without waiting for the login settings; undefined on other pages.
 */
export function captchaModeOfPage(): boolean | undefined {
  const content = document
    .querySelector(`meta[name="${CAPTCHA_MODE_META}"]`)
    ?.getAttribute('content');
  return content === 'on' ? true : content === 'off' ? false : undefined;
}

/** The element of login.html that holds the prerendered login page. */
export const SNAPSHOT_ID = 'login-snapshot';

/** The user-timing mark set when the console has taken the form over (npm run bench reads it). */
export const SNAPSHOT_RELEASED_MARK = 'login-snapshot-released';

/** Set on <html> when the prerendered login form must stay hidden (base.css hides it). */
export const SNAPSHOT_OFF_ATTRIBUTE = 'data-login-snapshot';

export function snapshotElement(): HTMLElement | null {
  return typeof document === 'undefined' ? null : document.getElementById(SNAPSHOT_ID);
}

/** The snapshot, when it is on screen (not hidden by the guard): what is in it was typed there. */
export function shownSnapshot(): HTMLElement | null {
  const snapshot = snapshotElement();
  return snapshot && !document.documentElement.hasAttribute(SNAPSHOT_OFF_ATTRIBUTE)
    ? snapshot
    : null;
}
