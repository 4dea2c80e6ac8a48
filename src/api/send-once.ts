import { useRef, useState } from 'react';
import { api } from './api';
import type { ApiError } from './client';

/**
 * Calls that move money or codes (domain.md "Idempotent money calls", "Send once"): each request
 * carries an `Idempotency-Key` header (server/lib/idempotency replays the first answer for the
 * same key), and the button that sends it is disabled while it runs, so a double click or a
 * repeated Enter sends one request.
 */

/**
 * A fresh idempotency key: 128 random bits as hex (`crypto.getRandomValues`: `randomUUID` is
 * offered on secure origins only).
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface IdempotentPost {
  /** Relative to /api. */
  path: string;
  /** JSON body. */
  body: Record<string, unknown>;
  idempotencyKey: string;
  /** Resource services whose lists the change reloads (their `Resource` cache tags). */
  services: readonly string[];
  /** POST unless the spec names another (place-order-fail closeFailOrder is a PUT). */
  method?: 'POST' | 'PUT';
}

export const sendOnceApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A JSON POST with its Idempotency-Key; refusals are shown by the caller (silent). */
    idempotentPost: build.mutation<unknown, IdempotentPost>({
      query: ({ path, body, idempotencyKey, method = 'POST' }) => ({
        url: path,
        method,
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        silent: true,
      }),
      invalidatesTags: (_result, error, { services }) =>
        error ? [] : services.map((id) => ({ type: 'Resource' as const, id })),
    }),
  }),
});

export const { useIdempotentPostMutation } = sendOnceApi;

/**
 * 4xx answers after which a retry keeps its key: 408 (the request did not arrive whole), 409
 * (the first request with the key may still be running: a new key could do its work twice; the
 * server keeps no 409, so the same key runs again once the first is done) and 429 (not kept
 * either).
 */
const RETRIED_AS_IS = new Set([408, 409, 429]);

/**
 * Whether a failed call was refused by the server (issue 24): an answer in 4xx (the HTTP status,
 * or the envelope's code: ApiError.status), other than those in `RETRIED_AS_IS`. Sending again
 * after a refusal is a new request (the user corrected the form, the stock was refilled), so it
 * gets a new key: the server keeps business refusals and would replay the stale one. A lost
 * answer (status 'network', 'timeout', 'malformed', a 5xx) may hide work that was done: the
 * retry keeps its key and the server answers it from the first request.
 */
export function isRefusal(error: unknown): boolean {
  const status = (error as Partial<ApiError> | null | undefined)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && !RETRIED_AS_IS.has(status);
}

/**
 * A send-once action: while its call runs further calls are dropped and `busy` is true (disable
 * the button with it). The same request sent again after a lost answer (no connection, timeout,
 * 5xx) carries the same key (a lost answer is replayed, not applied twice); a success, a refusal
 * (`isRefusal`: 4xx) or a different request starts a new key.
 */
export function useSendOnce<A, R>(
  send: (arg: A, idempotencyKey: string) => Promise<R>,
  signature: (arg: A) => string = (arg) => JSON.stringify(arg),
) {
  const running = useRef(false);
  const last = useRef<{ signature: string; key: string }>(undefined);
  const [busy, setBusy] = useState(false);
  const run = async (arg: A): Promise<{ ok: true; value: R } | { ok: false; error: unknown }> => {
    if (running.current) return { ok: false, error: undefined };
    running.current = true;
    setBusy(true);
    const sig = signature(arg);
    const key = last.current?.signature === sig ? last.current.key : newIdempotencyKey();
    last.current = { signature: sig, key };
    try {
      const value = await send(arg, key);
      last.current = undefined;
      return { ok: true, value };
    } catch (error) {
      if (isRefusal(error)) last.current = undefined;
      return { ok: false, error };
    } finally {
      running.current = false;
      setBusy(false);
    }
  };
  return { run, busy };
}

/** The server's message of a refused call, else `fallback`. */
export const refusalMessage = (error: unknown, fallback: string) =>
  (error as { message?: string } | undefined)?.message || fallback;
