import { loadStoredSession, loadUi } from '../../../state/stored-state';
import { appearanceKey, loginAppearance } from './appearance';
import { SNAPSHOT_ID, SNAPSHOT_OFF_ATTRIBUTE } from './snapshot-element';

/**
 * Whether the prerendered login form is what the console is about to render: nobody is signed
 * in (the console would move on to the home page) and the stored language, theme, colour and
 * site name give the look the snapshot was rendered with. Otherwise the page stays blank until
 * the console renders, as it would without a snapshot, instead of flashing the wrong form.
 */
export function snapshotFits(snapshotKey: string): boolean {
  return !loadStoredSession() && appearanceKey(loginAppearance(loadUi())) === snapshotKey;
}

/**
 * Runs in the head of login.html, before the body is parsed (built as a classic script by
 * scripts/prerender-login.mjs). The snapshot's key is on the script element itself.
 */
export function runSnapshotGuard(script: HTMLOrSVGScriptElement | null): void {
  const key = script instanceof HTMLScriptElement ? (script.dataset.appearance ?? '') : '';
  if (!snapshotFits(key)) document.documentElement.setAttribute(SNAPSHOT_OFF_ATTRIBUTE, 'off');
  // The snapshot's submit button is disabled; should the form be sent anyway, it must not be
  // sent natively (a GET with the password in the URL).
  document.addEventListener(
    'submit',
    (event) => {
      if (event.target instanceof Element && event.target.closest(`#${SNAPSHOT_ID}`))
        event.preventDefault();
    },
    true,
  );
}
