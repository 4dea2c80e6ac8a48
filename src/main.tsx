import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { fetchLoginSettings } from './api/auth-calls';
import { startBootReads } from './api/boot-reads';
import { RootBoundary } from './app/route-guard';
import { AppRoutes, preloadSignedInStart } from './app/router';
import { ShellRuntime } from './app/shell-runtime';
import { createAppStore } from './app/app-store';
import { captchaModeOfPage } from './features/auth/login-snapshot/snapshot-element';
import { LoginSnapshotTakeover } from './features/auth/login-snapshot/takeover';
import { adoptServerNotFound } from './lib/server-not-found';

// Before the router reads the address: a path the server answered with 404 shows /404.
adoptServerNotFound(document, window.history);
const store = createAppStore();
// A reload's reads (menu, user, the list's first page) leave now, while the code loads.
const signedIn = store.getState().session.session;
const bootQueries = startBootReads(signedIn, window.location.pathname);
if (signedIn) preloadSignedInStart(window.location.pathname, store, bootQueries);
// Asked for before React renders, so the round trip overlaps the first render.
const settings = fetchLoginSettings(3000);
settings.catch(() => {}); // the login asks again when it needs the key
// login.html states the server's captcha mode, so /login need not wait for the answer.
const pageMode = captchaModeOfPage();
const captchaMode =
  pageMode !== undefined
    ? Promise.resolve(pageMode)
    : settings.then(
        (s) => s.captcha,
        () => true,
      );

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Provider store={store}>
        <BrowserRouter>
          <ShellRuntime captchaMode={captchaMode}>
            <RootBoundary>
              <AppRoutes />
            </RootBoundary>
            <LoginSnapshotTakeover />
          </ShellRuntime>
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
