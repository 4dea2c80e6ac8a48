import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';

export interface TokenRefreshInput {
  /** When the current token was stored (ms since epoch). */
  storedAt: number;
  /** Token lifetime in seconds before a refresh is due (spec section 9: 3000). */
  tokenTime?: number;
  /** How often to check, in ms (spec section 9: every 10 seconds). */
  checkEvery?: number;
  /** The clock; injectable so tests need not touch the real time. */
  now?: () => number;
}

export interface TokenRefreshContext {
  storedAt: number;
  tokenTime: number;
  checkEvery: number;
  now: () => number;
}

export type TokenRefreshEvent =
  | { type: 'tick' }
  /** Another tab stored a refreshed token: adopting it keeps tabs from refreshing twice. */
  | { type: 'token.stored'; storedAt: number }
  | { type: 'session.end' };

export const DEFAULT_TOKEN_TIME = 3000;
export const DEFAULT_CHECK_EVERY = 10_000;

export const tokenRefreshMachine = setup({
  types: {
    context: {} as TokenRefreshContext,
    events: {} as TokenRefreshEvent,
    input: {} as TokenRefreshInput,
  },
  actors: {
    ticker: fromCallback<TokenRefreshEvent, { every: number }>(({ sendBack, input }) => {
      const id = setInterval(() => sendBack({ type: 'tick' }), input.every);
      return () => clearInterval(id);
    }),
    /** Calls the refresh_token grant and stores the new tokens; the app provides it. */
    refresh: fromPromise<{ storedAt: number }>(() =>
      Promise.reject(new Error('tokenRefreshMachine: actor refresh not provided')),
    ),
  },
  guards: {
    // Whole elapsed seconds, as the original console compares them with tokenTime.
    isDue: ({ context }) =>
      Math.floor((context.now() - context.storedAt) / 1000) >= context.tokenTime,
    isNewer: ({ context, event }) => {
      assertEvent(event, 'token.stored');
      return event.storedAt > context.storedAt;
    },
  },
  actions: {
    adoptStoredAt: assign((_, params: { storedAt: number }) => ({ storedAt: params.storedAt })),
    /** The refresh token is no longer accepted: the app logs out (auth `session.expired`). */
    sessionExpired: () => {},
  },
}).createMachine({
  id: 'tokenRefresh',
  context: ({ input }) => ({
    storedAt: input.storedAt,
    tokenTime: input.tokenTime ?? DEFAULT_TOKEN_TIME,
    checkEvery: input.checkEvery ?? DEFAULT_CHECK_EVERY,
    now: input.now ?? (() => Date.now()),
  }),
  initial: 'watching',
  on: {
    // Also while refreshing: the other tab's token is at least as new as the one we will get.
    'token.stored': {
      guard: 'isNewer',
      actions: { type: 'adoptStoredAt', params: ({ event }) => ({ storedAt: event.storedAt }) },
    },
    'session.end': { target: '.stopped' },
  },
  states: {
    watching: {
      invoke: { src: 'ticker', input: ({ context }) => ({ every: context.checkEvery }) },
      on: {
        tick: { guard: 'isDue', target: 'refreshing' },
      },
    },
    // No ticker here, so ticks cannot start a second refresh.
    refreshing: {
      invoke: {
        src: 'refresh',
        onDone: {
          target: 'watching',
          actions: {
            type: 'adoptStoredAt',
            params: ({ event }) => ({ storedAt: event.output.storedAt }),
          },
        },
        onError: { target: 'failed', actions: 'sessionExpired' },
      },
    },
    stopped: { type: 'final' },
    failed: { type: 'final' },
  },
});
