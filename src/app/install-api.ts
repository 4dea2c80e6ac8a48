import { api } from '../api/api';
import { onSessionCleared } from '../state/session-slice';
import { dynamicMiddleware, rootReducer, type AppStore } from '../state/store';

let installed = false;

/** Adds RTK Query to the store; called by the signed-in layout chunk, once. */
export function installApi(store: AppStore): void {
  if (installed) return;
  installed = true;
  rootReducer.inject(api);
  dynamicMiddleware.addMiddleware(api.middleware);
  onSessionCleared(() => store.dispatch(api.util.resetApiState()));
}
