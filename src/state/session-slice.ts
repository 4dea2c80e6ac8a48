import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { StoredSession } from '../contracts/auth';
import { removeKey, writeJson } from '../lib/storage';
import { loadStoredSession, SESSION_KEY } from './stored-state';

export { loadStoredSession, SESSION_KEY } from './stored-state';

/**
 * The signed-in session, shared with the API layer (it reads the token) and mirrored to
 * localStorage (spec: token and state are kept in browser storage) so a reload and other tabs
 * see it. Flows (login, refresh, logout) live in machines; this slice only holds the data.
 */
export interface SessionState {
  session: StoredSession | undefined;
  /**
   * The session ended in this page (logout, expiry, another tab): the shell runtime is taking
   * the user to /login, so the route guard must not redirect a second time.
   */
  ended: boolean;
  /**
   * Why the server ended the session, when it did (expired or revoked: 'expired'; the account
   * was disabled: 'disabled'); /login says so. A user's own logout leaves it empty.
   */
  endReason: SessionEndReason | undefined;
}

export type SessionEndReason = 'expired' | 'disabled';

export const sessionSlice = createSlice({
  name: 'session',
  initialState: (): SessionState => ({
    session: loadStoredSession(),
    ended: false,
    endReason: undefined,
  }),
  reducers: {
    sessionStored(state, action: PayloadAction<StoredSession>) {
      state.session = action.payload;
      state.ended = false;
      state.endReason = undefined;
    },
    /** The server ended the session (set just before the session is cleared), or: notice read. */
    sessionEndExplained(state, action: PayloadAction<SessionEndReason | undefined>) {
      state.endReason = action.payload;
    },
    sessionCleared(state) {
      state.session = undefined;
      state.ended = true;
    },
    /** /login was reached after the end: from now on the guard redirects by itself again. */
    sessionEndSeen(state) {
      state.ended = false;
    },
  },
});

export const { sessionStored, sessionCleared, sessionEndSeen, sessionEndExplained } =
  sessionSlice.actions;
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
