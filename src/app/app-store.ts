import { configureClient } from '../api/client';
import { isStoredSession } from '../contracts/auth';
import { translate } from '../i18n';
import { readJson } from '../lib/storage';
import { persistSession, SESSION_KEY, sessionStored } from '../state/session-slice';
import { createStore, type AppStore } from '../state/store';

/**
 * The console's store with the API client connected to it: the client reads and stores the
 * session through the store and takes its error texts in the current language. Wired here, in
 * the composition root, so the store (src/state) never imports the API.
 */
export function createAppStore(): AppStore {
  const store = createStore();
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
        dataLoading: translate(lang, 'errors.dataLoading'),
        lang,
      };
    },
  });
  return store;
}
