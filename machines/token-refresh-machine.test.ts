import { afterEach, describe, it, expect, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { tokenRefreshMachine, type TokenRefreshEvent } from './token-refresh-machine';

const T0 = 1_700_000_000_000;
const SEC = 1000;

/** A refresh the test settles by hand, so it can observe the `refreshing` state. */
function deferredRefresh() {
  const calls: Array<{ resolve: (storedAt: number) => void; reject: (e: Error) => void }> = [];
  const logic = fromPromise<{ storedAt: number }>(
    () =>
      new Promise((resolve, reject) => {
        calls.push({ resolve: (storedAt) => resolve({ storedAt }), reject });
      }),
  );
  return { logic, calls };
}

/** Ticks are sent by hand; the clock is a variable. */
function setup(input: { tokenTime?: number } = {}) {
  let clock = T0;
  const refresh = deferredRefresh();
  const sessionExpired = vi.fn();
  const machine = tokenRefreshMachine.provide({
    actors: { ticker: fromCallback(() => {}), refresh: refresh.logic },
    actions: { sessionExpired },
  });
  const actor = createActor(machine, {
    input: { storedAt: T0, now: () => clock, ...input },
  }).start();
  const tickAt = (ms: number) => {
    clock = ms;
    actor.send({ type: 'tick' } satisfies TokenRefreshEvent);
  };
  return { actor, refresh, sessionExpired, tickAt };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('tokenRefreshMachine', () => {
  it('defaults to token time 3000 s and a 10 s check', () => {
    const actor = createActor(tokenRefreshMachine, { input: { storedAt: T0 } });
    expect(actor.getSnapshot().context).toMatchObject({ tokenTime: 3000, checkEvery: 10_000 });
  });

  it('does not refresh before 3000 s', () => {
    const { actor, refresh, tickAt } = setup();
    tickAt(T0 + 10 * SEC);
    tickAt(T0 + 2999 * SEC);
    tickAt(T0 + 2999 * SEC + 999);
    expect(actor.getSnapshot().matches('watching')).toBe(true);
    expect(refresh.calls).toHaveLength(0);
  });

  it('refreshes once at 3000 s and goes back to watching with the new storedAt', async () => {
    const { actor, refresh, tickAt } = setup();
    tickAt(T0 + 3000 * SEC);
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    refresh.calls[0]!.resolve(T0 + 3001 * SEC);
    await waitFor(actor, (s) => s.matches('watching'));
    expect(actor.getSnapshot().context.storedAt).toBe(T0 + 3001 * SEC);
    expect(refresh.calls).toHaveLength(1);
    // The next refresh is measured from the new token.
    tickAt(T0 + 3100 * SEC);
    expect(actor.getSnapshot().matches('watching')).toBe(true);
    tickAt(T0 + 6001 * SEC);
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
  });

  it('refreshes when the check comes late, after 3000 s', () => {
    const { actor, tickAt } = setup();
    tickAt(T0 + 4000 * SEC);
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
  });

  it('honours a configured token time', () => {
    const { actor, tickAt } = setup({ tokenTime: 60 });
    tickAt(T0 + 59 * SEC);
    expect(actor.getSnapshot().matches('watching')).toBe(true);
    tickAt(T0 + 60 * SEC);
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
  });

  it('ignores ticks while refreshing', () => {
    const { actor, refresh, tickAt } = setup();
    tickAt(T0 + 3000 * SEC);
    tickAt(T0 + 3010 * SEC);
    tickAt(T0 + 3020 * SEC);
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(refresh.calls).toHaveLength(1);
  });

  it('adopts a newer storedAt from another tab, which postpones the refresh', () => {
    const { actor, refresh, tickAt } = setup();
    actor.send({ type: 'token.stored', storedAt: T0 + 2000 * SEC });
    expect(actor.getSnapshot().context.storedAt).toBe(T0 + 2000 * SEC);
    tickAt(T0 + 3000 * SEC);
    expect(actor.getSnapshot().matches('watching')).toBe(true);
    tickAt(T0 + 5000 * SEC);
    expect(actor.getSnapshot().matches('refreshing')).toBe(true);
    expect(refresh.calls).toHaveLength(1);
  });

  it('ignores an older or equal storedAt', () => {
    const { actor } = setup();
    actor.send({ type: 'token.stored', storedAt: T0 - 1 });
    actor.send({ type: 'token.stored', storedAt: T0 });
    expect(actor.getSnapshot().context.storedAt).toBe(T0);
  });

  it('fails with sessionExpired when the refresh is rejected', async () => {
    const { actor, refresh, sessionExpired, tickAt } = setup();
    tickAt(T0 + 3000 * SEC);
    refresh.calls[0]!.reject(new Error('invalid refresh token'));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().status).toBe('done');
    expect(sessionExpired).toHaveBeenCalledTimes(1);
  });

  it('session.end stops watching for good', () => {
    const { actor, refresh } = setup();
    actor.send({ type: 'session.end' });
    expect(actor.getSnapshot().matches('stopped')).toBe(true);
    // Final: the app starts a new actor for the next session.
    expect(actor.getSnapshot().status).toBe('done');
    expect(refresh.calls).toHaveLength(0);
  });

  it('session.end during a refresh stops without reporting an expiry', async () => {
    const { actor, refresh, sessionExpired, tickAt } = setup();
    tickAt(T0 + 3000 * SEC);
    actor.send({ type: 'session.end' });
    refresh.calls[0]!.reject(new Error('late'));
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().matches('stopped')).toBe(true);
    expect(sessionExpired).not.toHaveBeenCalled();
  });

  it('the default ticker checks every checkEvery ms (fake timers)', async () => {
    vi.useFakeTimers({ now: T0 });
    const refresh = vi.fn(async () => ({ storedAt: Date.now() }));
    const actor = createActor(
      tokenRefreshMachine.provide({ actors: { refresh: fromPromise(refresh) } }),
      { input: { storedAt: T0 } },
    ).start();
    await vi.advanceTimersByTimeAsync(2990 * SEC);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(10 * SEC);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().matches('watching')).toBe(true);
    expect(actor.getSnapshot().context.storedAt).toBe(T0 + 3000 * SEC);
    await vi.advanceTimersByTimeAsync(2990 * SEC);
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20 * SEC);
    expect(refresh).toHaveBeenCalledTimes(2);
    actor.send({ type: 'session.end' });
    await vi.advanceTimersByTimeAsync(6000 * SEC);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});
