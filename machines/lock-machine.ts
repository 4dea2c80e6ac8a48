import { assertEvent, assign, fromPromise, setup } from 'xstate';

/**
 * A salted hash of the lock password. The plain password never reaches context or storage:
 * the app provides `hashSecret` / `verifySecret` (Web Crypto PBKDF2).
 */
export interface LockSecret {
  salt: string;
  hash: string;
}

export interface LockContext {
  secret?: LockSecret;
  /** Wrong unlock attempts since the screen was locked. */
  failures: number;
  /** i18n key of the message shown in the dialog. */
  error?: LockError;
  /** The locked flag read from storage; only consulted when the actor starts. */
  restoredLocked: boolean;
}

export type LockError = 'lock.errors.empty' | 'lock.errors.wrong' | 'lock.errors.failed';

/** Restored from storage after a reload. */
export interface LockInput {
  secret?: LockSecret;
  locked: boolean;
}

export type LockEvent =
  | { type: 'lock.request' }
  | { type: 'lock.setSecret'; password: string }
  | { type: 'lock.cancel' }
  | { type: 'lock.unlock'; password: string }
  /**
   * Another browser tab changed the locked flag. It carries the secret that tab stored, since
   * a tab that never saw the set-password dialog must still be able to verify the password.
   */
  | { type: 'lock.remote'; locked: boolean; secret?: LockSecret }
  | { type: 'idle.timeout' }
  | { type: 'session.ended' };

/** Our rule: the fifth wrong password logs the user out. */
export const MAX_UNLOCK_FAILURES = 5;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`lockMachine: actor ${name} not provided`));

/**
 * Every own change of the flag is written to storage (survives a reload) and posted to the other
 * tabs. A change that came from another tab is neither: it is already stored and must not bounce.
 */
const announce = (locked: boolean) =>
  [
    { type: 'persist', params: { locked } },
    { type: 'broadcast', params: { locked } },
  ] as const;

export const lockMachine = setup({
  types: {
    context: {} as LockContext,
    events: {} as LockEvent,
    input: {} as LockInput,
  },
  actors: {
    hashSecret: fromPromise<LockSecret, { password: string }>(notProvided('hashSecret')),
    verifySecret: fromPromise<boolean, { password: string; secret: LockSecret }>(
      notProvided('verifySecret'),
    ),
  },
  guards: {
    wasLocked: ({ context }) => context.restoredLocked && context.secret !== undefined,
    hasSecret: ({ context }) => context.secret !== undefined,
    isEmptyPassword: ({ event }) =>
      (event.type === 'lock.setSecret' || event.type === 'lock.unlock') &&
      event.password.trim() === '',
    isRemoteLocked: ({ context, event }) => {
      assertEvent(event, 'lock.remote');
      return event.locked && (event.secret ?? context.secret) !== undefined;
    },
    isRemoteUnlocked: ({ event }) => {
      assertEvent(event, 'lock.remote');
      return !event.locked;
    },
    isVerified: (_, params: { ok: boolean }) => params.ok,
    isLastFailure: ({ context }) => context.failures + 1 >= MAX_UNLOCK_FAILURES,
  },
  actions: {
    /** Writes `{ secret, locked }` to storage, so the lock survives a reload. */
    persist: (_, _params: { locked: boolean }) => {},
    /** Posts the new flag (and secret) to the other tabs, e.g. over a BroadcastChannel. */
    broadcast: (_, _params: { locked: boolean }) => {},
    /** Ends the session after too many wrong passwords. */
    logout: () => {},
    setError: assign((_, params: { error: LockError }) => ({ error: params.error })),
    clearError: assign({ error: undefined }),
    storeSecret: assign((_, params: { secret: LockSecret }) => ({ secret: params.secret })),
    adoptRemoteSecret: assign(({ context, event }) => {
      assertEvent(event, 'lock.remote');
      return { secret: event.secret ?? context.secret };
    }),
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
    resetFailures: assign({ failures: 0, error: undefined }),
    clear: assign({ secret: undefined, failures: 0, error: undefined }),
  },
}).createMachine({
  id: 'lock',
  context: ({ input }) => ({ secret: input.secret, failures: 0, restoredLocked: input.locked }),
  initial: 'restoring',
  on: {
    'session.ended': { target: '.loggedOut' },
  },
  states: {
    // A stored locked flag without a secret could never be unlocked, so it counts as unlocked.
    restoring: {
      always: [{ guard: 'wasLocked', target: 'locked' }, { target: 'unlocked' }],
    },
    unlocked: {
      on: {
        'lock.request': [
          { guard: 'hasSecret', target: 'locked', actions: [...announce(true)] },
          { target: 'needsSecret' },
        ],
        'idle.timeout': { guard: 'hasSecret', target: 'locked', actions: [...announce(true)] },
        'lock.remote': {
          guard: 'isRemoteLocked',
          target: 'locked',
          actions: 'adoptRemoteSecret',
        },
      },
    },
    needsSecret: {
      on: {
        'lock.setSecret': [
          {
            guard: 'isEmptyPassword',
            actions: { type: 'setError', params: { error: 'lock.errors.empty' } },
          },
          { target: 'settingSecret' },
        ],
        'lock.cancel': { target: 'unlocked', actions: 'clearError' },
        'lock.remote': {
          guard: 'isRemoteLocked',
          target: 'locked',
          actions: ['adoptRemoteSecret', 'clearError'],
        },
      },
    },
    settingSecret: {
      entry: 'clearError',
      invoke: {
        src: 'hashSecret',
        input: ({ event }) => {
          assertEvent(event, 'lock.setSecret');
          return { password: event.password };
        },
        onDone: {
          target: 'locked',
          actions: [
            { type: 'storeSecret', params: ({ event }) => ({ secret: event.output }) },
            ...announce(true),
          ],
        },
        onError: {
          target: 'needsSecret',
          actions: { type: 'setError', params: { error: 'lock.errors.failed' } },
        },
      },
    },
    locked: {
      initial: 'idle',
      entry: 'resetFailures',
      on: {
        'lock.remote': { guard: 'isRemoteUnlocked', target: 'unlocked', actions: 'resetFailures' },
      },
      states: {
        idle: {
          on: {
            'lock.unlock': [
              {
                guard: 'isEmptyPassword',
                actions: { type: 'setError', params: { error: 'lock.errors.empty' } },
              },
              { target: 'verifying' },
            ],
          },
        },
        verifying: {
          entry: 'clearError',
          invoke: {
            src: 'verifySecret',
            input: ({ context, event }) => {
              assertEvent(event, 'lock.unlock');
              return { password: event.password, secret: context.secret! };
            },
            onDone: [
              {
                guard: { type: 'isVerified', params: ({ event }) => ({ ok: event.output }) },
                target: '#lock.unlocked',
                actions: ['resetFailures', ...announce(false)],
              },
              { guard: 'isLastFailure', target: '#lock.loggedOut', actions: 'logout' },
              {
                target: 'idle',
                actions: [
                  'countFailure',
                  { type: 'setError', params: { error: 'lock.errors.wrong' } },
                ],
              },
            ],
            // A crypto failure says nothing about the password, so it is not counted.
            onError: {
              target: 'idle',
              actions: { type: 'setError', params: { error: 'lock.errors.failed' } },
            },
          },
        },
      },
    },
    // Logout clears the lock with the rest of the session (spec section 4); the app starts a
    // fresh actor for the next session.
    loggedOut: { type: 'final', entry: 'clear' },
  },
});
