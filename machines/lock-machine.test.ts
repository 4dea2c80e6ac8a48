import { describe, it, expect, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { lockMachine, type LockInput, type LockSecret } from './lock-machine';

const secret: LockSecret = { salt: 'c2FsdA==', hash: 'aGFzaA==' };

/** Fake crypto: the "hash" of a password is the password reversed; verification compares. */
function setup(input: LockInput = { locked: false }, opts: { hashFails?: boolean } = {}) {
  const persist = vi.fn();
  const broadcast = vi.fn();
  const logout = vi.fn();
  const hashSecret = vi.fn(async ({ input }: { input: { password: string } }) => {
    if (opts.hashFails) throw new Error('no crypto');
    return { salt: 'salt', hash: [...input.password].reverse().join('') };
  });
  const verifySecret = vi.fn(
    async ({ input }: { input: { password: string; secret: LockSecret } }) =>
      [...input.password].reverse().join('') === input.secret.hash,
  );
  const machine = lockMachine.provide({
    actors: { hashSecret: fromPromise(hashSecret), verifySecret: fromPromise(verifySecret) },
    actions: {
      persist: (_, params) => persist(params),
      broadcast: (_, params) => broadcast(params),
      logout,
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, persist, broadcast, logout, hashSecret, verifySecret };
}

/** A locked screen whose password is "1234". */
const lockedWith1234: LockInput = { locked: true, secret: { salt: 'salt', hash: '4321' } };

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('lockMachine', () => {
  describe('restoring from storage', () => {
    it('starts unlocked when the stored flag is off', () => {
      const { actor } = setup({ locked: false, secret });
      expect(actor.getSnapshot().matches('unlocked')).toBe(true);
      expect(actor.getSnapshot().context.secret).toEqual(secret);
    });

    it('starts locked when the stored flag is on and a secret exists (lock survives reload)', () => {
      const { actor, persist, broadcast } = setup({ locked: true, secret });
      expect(actor.getSnapshot().matches({ locked: 'idle' })).toBe(true);
      // Restoring is not a change of the flag.
      expect(persist).not.toHaveBeenCalled();
      expect(broadcast).not.toHaveBeenCalled();
    });

    it('starts unlocked when locked without a secret, since it could never be unlocked', () => {
      const { actor } = setup({ locked: true });
      expect(actor.getSnapshot().matches('unlocked')).toBe(true);
    });
  });

  describe('setting the lock password', () => {
    it('asks for a password first when none is set', () => {
      const { actor, persist } = setup();
      actor.send({ type: 'lock.request' });
      expect(actor.getSnapshot().matches('needsSecret')).toBe(true);
      expect(persist).not.toHaveBeenCalled();
    });

    it('rejects an empty password and stays', () => {
      const { actor, hashSecret } = setup();
      actor.send({ type: 'lock.request' });
      actor.send({ type: 'lock.setSecret', password: '' });
      expect(actor.getSnapshot().matches('needsSecret')).toBe(true);
      expect(actor.getSnapshot().context.error).toBe('lock.errors.empty');
      actor.send({ type: 'lock.setSecret', password: '   ' });
      expect(actor.getSnapshot().context.error).toBe('lock.errors.empty');
      expect(hashSecret).not.toHaveBeenCalled();
    });

    it('hashes the password, stores only the record, persists and broadcasts, then locks', async () => {
      const { actor, persist, broadcast, hashSecret } = setup();
      actor.send({ type: 'lock.request' });
      actor.send({ type: 'lock.setSecret', password: 'abc' });
      expect(actor.getSnapshot().matches('settingSecret')).toBe(true);
      expect(actor.getSnapshot().context.error).toBeUndefined();
      await waitFor(actor, (s) => s.matches('locked'));
      expect(hashSecret.mock.calls[0]![0].input).toEqual({ password: 'abc' });
      expect(actor.getSnapshot().context.secret).toEqual({ salt: 'salt', hash: 'cba' });
      expect(JSON.stringify(actor.getSnapshot().context)).not.toContain('abc');
      expect(persist.mock.calls).toEqual([[{ locked: true }]]);
      expect(broadcast.mock.calls).toEqual([[{ locked: true }]]);
    });

    it('returns to the dialog with an error when hashing fails', async () => {
      const { actor, persist } = setup({ locked: false }, { hashFails: true });
      actor.send({ type: 'lock.request' });
      actor.send({ type: 'lock.setSecret', password: 'abc' });
      await waitFor(actor, (s) => s.matches('needsSecret'));
      expect(actor.getSnapshot().context.error).toBe('lock.errors.failed');
      expect(persist).not.toHaveBeenCalled();
    });

    it('lock.cancel returns to unlocked and clears the error', () => {
      const { actor } = setup();
      actor.send({ type: 'lock.request' });
      actor.send({ type: 'lock.setSecret', password: '' });
      actor.send({ type: 'lock.cancel' });
      expect(actor.getSnapshot().matches('unlocked')).toBe(true);
      expect(actor.getSnapshot().context.error).toBeUndefined();
    });

    it('ignores lock.setSecret and lock.cancel outside the dialog', () => {
      const { actor, hashSecret } = setup({ locked: false, secret });
      actor.send({ type: 'lock.setSecret', password: 'x' });
      actor.send({ type: 'lock.cancel' });
      expect(actor.getSnapshot().matches('unlocked')).toBe(true);
      actor.send({ type: 'lock.request' });
      actor.send({ type: 'lock.setSecret', password: 'x' });
      actor.send({ type: 'lock.cancel' });
      expect(actor.getSnapshot().matches({ locked: 'idle' })).toBe(true);
      expect(hashSecret).not.toHaveBeenCalled();
    });
  });

  describe('locking with a secret', () => {
    it('locks straight away, persisting and broadcasting once', () => {
      const { actor, persist, broadcast } = setup({ locked: false, secret });
      actor.send({ type: 'lock.request' });
      expect(actor.getSnapshot().matches({ locked: 'idle' })).toBe(true);
      expect(persist.mock.calls).toEqual([[{ locked: true }]]);
      expect(broadcast.mock.calls).toEqual([[{ locked: true }]]);
    });

    it('ignores lock.request and idle.timeout while locked', () => {
      const { actor, persist } = setup({ locked: true, secret });
      actor.send({ type: 'lock.request' });
      actor.send({ type: 'idle.timeout' });
      expect(actor.getSnapshot().matches({ locked: 'idle' })).toBe(true);
      expect(persist).not.toHaveBeenCalled();
    });
  });

  describe('idle auto-lock', () => {
    it('locks on idle.timeout when a secret exists', () => {
      const { actor, persist, broadcast } = setup({ locked: false, secret });
      actor.send({ type: 'idle.timeout' });
      expect(actor.getSnapshot().matches('locked')).toBe(true);
      expect(persist).toHaveBeenCalledWith({ locked: true });
      expect(broadcast).toHaveBeenCalledWith({ locked: true });
    });

    it('does nothing without a secret, and does not open the dialog', () => {
      const { actor } = setup();
      actor.send({ type: 'idle.timeout' });
      expect(actor.getSnapshot().matches('unlocked')).toBe(true);
      actor.send({ type: 'lock.request' });
      actor.send({ type: 'idle.timeout' });
      expect(actor.getSnapshot().matches('needsSecret')).toBe(true);
    });
  });

  describe('unlocking', () => {
    it('rejects an empty password without calling verify', () => {
      const { actor, verifySecret } = setup(lockedWith1234);
      actor.send({ type: 'lock.unlock', password: '' });
      expect(actor.getSnapshot().matches({ locked: 'idle' })).toBe(true);
      expect(actor.getSnapshot().context.error).toBe('lock.errors.empty');
      expect(actor.getSnapshot().context.failures).toBe(0);
      expect(verifySecret).not.toHaveBeenCalled();
    });

    it('unlocks with the right password, persisting and broadcasting', async () => {
      const { actor, persist, broadcast, verifySecret } = setup(lockedWith1234);
      actor.send({ type: 'lock.unlock', password: '1234' });
      expect(actor.getSnapshot().matches({ locked: 'verifying' })).toBe(true);
      await waitFor(actor, (s) => s.matches('unlocked'));
      expect(verifySecret.mock.calls[0]![0].input).toEqual({
        password: '1234',
        secret: lockedWith1234.secret,
      });
      expect(actor.getSnapshot().context.failures).toBe(0);
      expect(persist.mock.calls).toEqual([[{ locked: false }]]);
      expect(broadcast.mock.calls).toEqual([[{ locked: false }]]);
    });

    it('counts a wrong password and shows the error', async () => {
      const { actor, persist } = setup(lockedWith1234);
      actor.send({ type: 'lock.unlock', password: 'nope' });
      await waitFor(actor, (s) => s.matches({ locked: 'idle' }));
      expect(actor.getSnapshot().context).toMatchObject({
        failures: 1,
        error: 'lock.errors.wrong',
      });
      expect(persist).not.toHaveBeenCalled();
    });

    it('resets the failures after a successful unlock', async () => {
      const { actor } = setup(lockedWith1234);
      actor.send({ type: 'lock.unlock', password: 'nope' });
      await waitFor(actor, (s) => s.matches({ locked: 'idle' }));
      actor.send({ type: 'lock.unlock', password: '1234' });
      await waitFor(actor, (s) => s.matches('unlocked'));
      expect(actor.getSnapshot().context.failures).toBe(0);
      expect(actor.getSnapshot().context.error).toBeUndefined();
    });

    it('ignores lock.unlock while verifying and while unlocked', async () => {
      const { actor, verifySecret } = setup(lockedWith1234);
      actor.send({ type: 'lock.unlock', password: 'nope' });
      actor.send({ type: 'lock.unlock', password: '1234' });
      await waitFor(actor, (s) => s.matches({ locked: 'idle' }));
      expect(verifySecret).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.failures).toBe(1);

      const unlocked = setup({ locked: false, secret });
      unlocked.actor.send({ type: 'lock.unlock', password: '1234' });
      expect(unlocked.actor.getSnapshot().matches('unlocked')).toBe(true);
      expect(unlocked.verifySecret).not.toHaveBeenCalled();
    });

    it('logs out on the fifth wrong password, not before', async () => {
      const { actor, logout, persist } = setup(lockedWith1234);
      for (let i = 1; i <= 4; i++) {
        actor.send({ type: 'lock.unlock', password: 'bad' });
        await waitFor(actor, (s) => s.matches({ locked: 'idle' }));
        expect(actor.getSnapshot().context.failures).toBe(i);
      }
      expect(logout).not.toHaveBeenCalled();
      actor.send({ type: 'lock.unlock', password: 'bad' });
      await waitFor(actor, (s) => s.matches('loggedOut'));
      expect(actor.getSnapshot().status).toBe('done');
      expect(logout).toHaveBeenCalledTimes(1);
      expect(actor.getSnapshot().context.secret).toBeUndefined();
      expect(persist).not.toHaveBeenCalled();
    });

    it('a verification error is shown but not counted', async () => {
      const actor = createActor(
        lockMachine.provide({
          actors: {
            verifySecret: fromPromise<boolean, { password: string; secret: LockSecret }>(
              async () => {
                throw new Error('crypto');
              },
            ),
          },
        }),
        { input: lockedWith1234 },
      ).start();
      actor.send({ type: 'lock.unlock', password: '1234' });
      await waitFor(actor, (s) => s.matches({ locked: 'idle' }));
      expect(actor.getSnapshot().context).toMatchObject({
        failures: 0,
        error: 'lock.errors.failed',
      });
    });
  });

  describe('other browser tabs', () => {
    it('follows a remote lock without persisting or broadcasting back', () => {
      const { actor, persist, broadcast } = setup({ locked: false, secret });
      actor.send({ type: 'lock.remote', locked: true });
      expect(actor.getSnapshot().matches('locked')).toBe(true);
      expect(persist).not.toHaveBeenCalled();
      expect(broadcast).not.toHaveBeenCalled();
    });

    it('adopts the secret another tab just set, so this tab can unlock too', async () => {
      const { actor, broadcast } = setup();
      actor.send({ type: 'lock.remote', locked: true, secret: { salt: 's', hash: '4321' } });
      expect(actor.getSnapshot().matches('locked')).toBe(true);
      actor.send({ type: 'lock.unlock', password: '1234' });
      await waitFor(actor, (s) => s.matches('unlocked'));
      expect(broadcast).toHaveBeenCalledTimes(1);
    });

    it('follows a remote lock while the set-password dialog is open', () => {
      const { actor } = setup();
      actor.send({ type: 'lock.request' });
      actor.send({ type: 'lock.remote', locked: true, secret });
      expect(actor.getSnapshot().matches('locked')).toBe(true);
      expect(actor.getSnapshot().context.secret).toEqual(secret);
    });

    it('ignores a remote lock without any secret to verify against', () => {
      const { actor } = setup();
      actor.send({ type: 'lock.remote', locked: true });
      expect(actor.getSnapshot().matches('unlocked')).toBe(true);
    });

    it('follows a remote unlock, even mid-verification, without echoing it', async () => {
      const { actor, persist, broadcast } = setup(lockedWith1234);
      actor.send({ type: 'lock.unlock', password: 'bad' });
      actor.send({ type: 'lock.remote', locked: false });
      expect(actor.getSnapshot().matches('unlocked')).toBe(true);
      await settle();
      // The cancelled verification must not count a failure afterwards.
      expect(actor.getSnapshot().context.failures).toBe(0);
      expect(actor.getSnapshot().matches('unlocked')).toBe(true);
      expect(persist).not.toHaveBeenCalled();
      expect(broadcast).not.toHaveBeenCalled();
    });

    it('ignores a remote unlock while unlocked and a remote lock while locked', () => {
      const a = setup({ locked: false, secret });
      a.actor.send({ type: 'lock.remote', locked: false });
      expect(a.actor.getSnapshot().matches('unlocked')).toBe(true);
      const b = setup({ locked: true, secret });
      b.actor.send({ type: 'lock.remote', locked: true });
      expect(b.actor.getSnapshot().matches({ locked: 'idle' })).toBe(true);
    });
  });

  describe('session.ended', () => {
    it.each([
      ['unlocked', { locked: false, secret }],
      ['locked', { locked: true, secret }],
    ] as const)('ends from %s and clears the secret', (_, input) => {
      const { actor, logout, persist } = setup(input);
      actor.send({ type: 'session.ended' });
      expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
      expect(actor.getSnapshot().status).toBe('done');
      expect(actor.getSnapshot().context).toMatchObject({ secret: undefined, failures: 0 });
      // The app ended the session itself; the machine must not ask for another logout.
      expect(logout).not.toHaveBeenCalled();
      expect(persist).not.toHaveBeenCalled();
    });

    it('ends from the set-password dialog', () => {
      const { actor } = setup();
      actor.send({ type: 'lock.request' });
      actor.send({ type: 'session.ended' });
      expect(actor.getSnapshot().matches('loggedOut')).toBe(true);
    });
  });
});
