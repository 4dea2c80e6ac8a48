import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { fetchLoginSettings } from './api/auth-calls';
import { RootBoundary } from './app/route-guard';
import { AppRoutes } from './app/router';
import { ShellRuntime } from './app/shell-runtime';
import { createStore } from './app/store';

const store = createStore();
// Asked for before React renders, so the round trip overlaps the first render.
const captchaMode = fetchLoginSettings(3000).then(
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
          </ShellRuntime>
        </BrowserRouter>
      </Provider>
    </StrictMode>,
  );
}
