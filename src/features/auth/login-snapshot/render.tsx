import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { createActor } from 'xstate';
import { authMachine } from '../../../../machines/auth-machine';
import { lockMachine } from '../../../../machines/lock-machine';
import { tabsMachine } from '../../../../machines/tabs-machine';
import { HOME_TAB, ShellContext, SWITCH_MODE } from '../../../state/shell-context';
import { createStore } from '../../../state/store';
import { translate } from '../../../i18n';
import { LoginPage, loginTitle } from '../login-page';
import { appearanceKey, loginAppearance } from './appearance';
import { PrerenderingContext } from './prerendering';
import { SNAPSHOT_ID } from './snapshot-element';

export interface LoginSnapshot {
  /** The login page as static HTML, wrapped in the element the console removes on take-over. */
  html: string;
  /** The window title the console sets on /login. */
  title: string;
  /** The look it was rendered with (appearance.ts); the guard shows it only for this look. */
  key: string;
}

/**
 * The login page rendered at build time (scripts/prerender-login.mjs), so /login paints its
 * form as soon as the HTML and the stylesheet have arrived instead of after the console's
 * script has loaded and run. It is the real LoginPage with the defaults a first visit has (no
 * stored preferences, Chinese) and the session machines not yet started: the captcha still
 * loading and the submit button disabled, as the console's own first frame shows them.
 * `captcha` renders the variant for a server with captcha mode on or off.
 */
export function renderLoginSnapshot({ captcha }: { captcha: boolean }): LoginSnapshot {
  const store = createStore();
  const shell = {
    auth: createActor(authMachine, { input: { captchaMode: captcha, switchMode: SWITCH_MODE } }),
    lock: createActor(lockMachine, { input: { locked: false } }),
    tabs: createActor(tabsMachine, { input: { home: HOME_TAB } }),
  };
  const page = renderToStaticMarkup(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/login']}>
        <ShellContext.Provider value={shell}>
          <PrerenderingContext.Provider value={true}>
            <LoginPage />
          </PrerenderingContext.Provider>
        </ShellContext.Provider>
      </MemoryRouter>
    </Provider>,
    // Ids (labels, error links) must not collide with the console's while both are in the page.
    { identifierPrefix: 'snapshot-' },
  );
  const appearance = loginAppearance(store.getState().ui);
  const t = (key: Parameters<typeof translate>[1]) => translate(appearance.lang, key);
  return {
    html: `<div id="${SNAPSHOT_ID}">${page}</div>`,
    title: loginTitle(t, appearance.siteName),
    key: appearanceKey(appearance),
  };
}
