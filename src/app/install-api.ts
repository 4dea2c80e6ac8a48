import { setupListeners } from '@reduxjs/toolkit/query/react';
import { api } from '../api/api';
import { onSessionCleared } from '../state/session-slice';
import { dynamicMiddleware, rootReducer, type AppStore } from '../state/store';

let installed = false;
const listening = new WeakSet<AppStore>();

/**
 * Adds RTK Query to the store; called by the signed-in layout chunk, once. The browser's
 * online event then refetches the lists on display (`refetchOnReconnect`, issue 15 item 19).
 */
export function installApi(store: AppStore): void {
  if (!listening.has(store)) {
    listening.add(store);
    setupListeners(store.dispatch);
  }
  if (installed) return;
  installed = true;
  rootReducer.inject(api);
  dynamicMiddleware.addMiddleware(api.middleware);
  onSessionCleared(() => store.dispatch(api.util.resetApiState()));
}
