import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import type { api } from '../api/api';
import { configureClient } from '../api/client';
import { isStoredSession } from '../contracts/auth';
import { translate } from '../i18n';
import { readJson } from '../lib/storage';
import { persistSession, SESSION_KEY, sessionSlice, sessionStored } from './session-slice';
import { uiSlice } from './ui-slice';

/**
 * Redux holds shared data (session, UI preferences and, once the signed-in shell loads, the RTK
 * Query cache); flows live in machines. RTK Query is injected later (install-api.ts) so the
 * login page does not download it.
 */
type ApiState = ReturnType<typeof api.reducer>;
export const rootReducer = combineSlices(sessionSlice, uiSlice).withLazyLoadedSlices<{
  api: ApiState;
}>();
export const dynamicMiddleware = createDynamicMiddleware();

export function createStore() {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
  configureClient({
    getSession: () => store.getState().session.session,
    storeSession: (session) => {
      persistSession(session);
      store.dispatch(sessionStored(session));
    },
    readStoredSession: () => readJson(SESSION_KEY, isStoredSession),
    texts: () => {
      const lang = store.getState().ui.lang;
      return {
        network: translate(lang, 'errors.network'),
        timeout: translate(lang, 'errors.timeout'),
        badCredentials: translate(lang, 'errors.badCredentials'),
        noPermission: translate(lang, 'errors.noPermission'),
      };
    },
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
