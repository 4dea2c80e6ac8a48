import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { sessionSlice } from './session-slice';
import { uiSlice } from './ui-slice';

/**
 * Redux holds shared data (session, UI preferences and, once the signed-in shell loads, the RTK
 * Query cache); flows live in machines. RTK Query is injected later by the composition root
 * (app/install-api.ts) so the login page does not download it; this floor knows nothing of the
 * API, so `RootState` carries no `api` key (code that reads the cache states its own type).
 * The API client is connected to the store by app/app-store.ts.
 */
export const rootReducer = combineSlices(sessionSlice, uiSlice);
export const dynamicMiddleware = createDynamicMiddleware();

export function createStore() {
  return configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
