import type { SessionEndReason } from '../state/session-slice';

/**
 * What the API layer tells the rest of the app, without knowing about React or notifications:
 * the app shell subscribes (toasts, logout, debug log).
 */
export type ApiEvent =
  /** The session is over (401 that a refresh could not cure). Emitted once per session. */
  | { type: 'session.expired'; reason: SessionEndReason }
  /** 403: show 'no permission', stay signed in. */
  | { type: 'forbidden'; message: string }
  /** Any other failure the caller did not silence: show it as an error toast. */
  | { type: 'error'; message: string }
  /** Every failed call, for the local debug log. */
  | { type: 'failed'; url: string; status: number | string; message: string }
  /** Tokens were refreshed (by this tab). */
  | { type: 'session.refreshed' };

type Listener = (event: ApiEvent) => void;
const listeners = new Set<Listener>();

export function onApiEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitApiEvent(event: ApiEvent): void {
  for (const l of [...listeners]) l(event);
}
