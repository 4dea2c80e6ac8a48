import '@mantine/core/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { createStore } from './app/store';
import { ShellRuntime } from './app/shell-runtime';

// The login form is the first thing most visits need: fetch its chunk while the shell starts
// (the router would only ask for it after the login settings arrive).
if (window.location.pathname === '/login') void import('./features/auth/login-page');

const store = createStore();
const router = createRouter();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProviders store={store}>
        <ShellRuntime router={router}>
          <RouterProvider router={router} />
        </ShellRuntime>
      </AppProviders>
    </StrictMode>,
  );
}
