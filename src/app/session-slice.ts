import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isStoredSession, type StoredSession } from '../contracts/auth';
import { readJson, removeKey, writeJson } from '../lib/storage';

/**
 * The signed-in session, shared with the API layer (it reads the token) and mirrored to
 * localStorage (spec: token and state are kept in browser storage) so a reload and other tabs
 * see it. Flows (login, refresh, logout) live in machines; this slice only holds the data.
 */
export const SESSION_KEY = 'session';

export interface SessionState {
  session: StoredSession | undefined;
}

export function loadStoredSession(): StoredSession | undefined {
  return readJson(SESSION_KEY, isStoredSession);
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ({ session: loadStoredSession() }),
  reducers: {
    sessionStored(state, action: PayloadAction<StoredSession>) {
      state.session = action.payload;
    },
    sessionCleared(state) {
      state.session = undefined;
    },
  },
});

export const { sessionStored, sessionCleared } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;

export function persistSession(session: StoredSession | undefined): void {
  if (session) writeJson(SESSION_KEY, session);
  else removeKey(SESSION_KEY);
}

/** Things to forget when a session ends (the RTK Query cache registers itself when loaded). */
const clearHooks = new Set<() => void>();
export function onSessionCleared(hook: () => void): () => void {
  clearHooks.add(hook);
  return () => clearHooks.delete(hook);
}
export function runSessionClearedHooks(): void {
  clearHooks.forEach((h) => h());
}
