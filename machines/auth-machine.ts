import { assertEvent, assign, fromPromise, setup } from 'xstate';

/** The token response fields the console uses (contract: raw snake_case), plus when it was stored. */
export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  user_id: string;
  user_name: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  avatar: string;
  account: string;
  dept_id: string;
  role_id: string;
  tenant_id: string;
  must_change_password: boolean;
  crypto_key: string;
  /** ms since epoch; the token refresh clock starts here. */
  storedAt: number;
}

export interface Captcha {
  key: string;
  /** Image data URL. */
  image: string;
}

export interface AuthContext {
  session?: Session;
  /** Server message text, or an i18n key when the server gave none. */
  error?: string;
  captcha?: Captcha;
  /** Set after a password change so the login screen says 'modified successfully'. */
  passwordChanged: boolean;
  captchaMode: boolean;
  switchMode: boolean;
}

export interface AuthInput {
  /** Restored from storage. */
  session?: Session;
  captchaMode: boolean;
  switchMode: boolean;
}

export interface LoginRequest {
  tenantId: string;
  username: string;
  password: string;
  captchaKey?: string;
  captchaCode?: string;
  /**
   * A login by SMS code or WeChat (spec section 4 grants verify_phone and social) instead of
   * the password: username and password are then empty.
   */
  grant?: LoginGrant;
}

export type LoginGrant =
  | { type: 'verify_phone'; phone: string; code: string; bindTicket?: string }
  | { type: 'social'; source: 'wechat'; code: string; state: string };

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

export interface IdentitySwitch {
  deptId: string;
  roleId: string;
}

export type AuthEvent =
  | { type: 'captcha.refresh' }
  | ({ type: 'login.submit' } & Omit<LoginRequest, 'captchaKey'>)
  | ({ type: 'password.submit' } & PasswordChange)
  | ({ type: 'switch.submit' } & IdentitySwitch)
  | { type: 'logout' }
  /** A 401 or a failed token refresh: the server session is already gone. */
  | { type: 'session.expired' }
  | { type: 'session.refreshed'; session: Session }
  | { type: 'session.remoteLogout' };

/** i18n keys used when a failure carries no message of its own (spec section 8). */
export const AUTH_ERRORS = {
  login: 'auth.errors.wrongCredentials',
  captcha: 'auth.errors.captcha',
  network: 'common.errors.network',
} as const;

const messageOf = (error: unknown, fallback: string): string =>
  error instanceof Error && error.message ? error.message : fallback;

const notProvided = (name: string) => () =>
  Promise.reject(new Error(`authMachine: actor ${name} not provided`));

/**
 * Leaving the session without asking the server, because it already ended it (401, refresh
 * failure, password change) or another tab did.
 */
const endSession = {
  target: '#auth.signedOut',
  actions: ['forgetSession', 'clearSession'],
} as const;

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    loadCaptcha: fromPromise<Captcha>(notProvided('loadCaptcha')),
    /** Rejects with an Error whose message is the text to show. */
    login: fromPromise<Session, LoginRequest>(notProvided('login')),
    changePassword: fromPromise<unknown, PasswordChange>(notProvided('changePassword')),
    switchIdentity: fromPromise<Session, IdentitySwitch>(notProvided('switchIdentity')),
    logout: fromPromise<unknown>(notProvided('logout')),
  },
  guards: {
    hasSession: ({ context }) => context.session !== undefined,
    isCaptchaMode: ({ context }) => context.captchaMode,
    canSwitch: ({ context }) => context.switchMode,
    mustChangePassword: (_, params: { session?: Session }) =>
      params.session?.must_change_password === true,
  },
  actions: {
    /** The app writes the session to storage (and resets tabs and lock on a fresh login). */
    storeSession: (_, _params: { session: Session }) => {},
    /** The app clears storage, tabs, lock, menus and cookies. */
    clearSession: () => {},
    setSession: assign((_, params: { session: Session }) => ({ session: params.session })),
    forgetSession: assign({ session: undefined }),
    setError: assign((_, params: { error: string }) => ({ error: params.error })),
    clearError: assign({ error: undefined }),
    setCaptcha: assign((_, params: { captcha: Captcha }) => ({ captcha: params.captcha })),
    // A captcha is single use: after a failed login the old one is worthless.
    forgetCaptcha: assign({ captcha: undefined }),
    startLogin: assign({ error: undefined, passwordChanged: false }),
    markPasswordChanged: assign({ error: undefined, passwordChanged: true }),
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    session: input.session,
    passwordChanged: false,
    captchaMode: input.captchaMode,
    switchMode: input.switchMode,
  }),
  initial: 'restoring',
  states: {
    // A restored session is already in storage, so nothing is stored or cleared here.
    restoring: {
      always: [
        {
          guard: {
            type: 'mustChangePassword',
            params: ({ context }) => ({ session: context.session }),
          },
          target: 'passwordChangeRequired',
        },
        { guard: 'hasSession', target: 'signedIn' },
        { target: 'signedOut' },
      ],
    },

    signedOut: {
      initial: 'start',
      states: {
        start: {
          always: [{ guard: 'isCaptchaMode', target: 'loadingCaptcha' }, { target: 'idle' }],
        },
        idle: {
          on: {
            'login.submit': { target: 'submitting' },
            'captcha.refresh': { guard: 'isCaptchaMode', target: 'loadingCaptcha' },
          },
        },
        loadingCaptcha: {
          invoke: {
            src: 'loadCaptcha',
            onDone: {
              target: 'idle',
              actions: { type: 'setCaptcha', params: ({ event }) => ({ captcha: event.output }) },
            },
            onError: {
              target: 'idle',
              actions: { type: 'setError', params: { error: AUTH_ERRORS.captcha } },
            },
          },
        },
        submitting: {
          entry: 'startLogin',
          invoke: {
            src: 'login',
            input: ({ context, event }) => {
              assertEvent(event, 'login.submit');
              const { type: _type, ...request } = event;
              return { ...request, captchaKey: context.captcha?.key };
            },
            onDone: [
              {
                guard: {
                  type: 'mustChangePassword',
                  params: ({ event }) => ({ session: event.output }),
                },
                target: '#auth.passwordChangeRequired',
                actions: [
                  { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
                  { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
                ],
              },
              {
                target: '#auth.signedIn',
                actions: [
                  { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
                  { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
                ],
              },
            ],
            // Back through `start`, which loads a fresh captcha in captcha mode.
            onError: {
              target: 'start',
              actions: [
                {
                  type: 'setError',
                  params: ({ event }) => ({ error: messageOf(event.error, AUTH_ERRORS.login) }),
                },
                'forgetCaptcha',
              ],
            },
          },
        },
      },
    },

    // The token only allows the password change; the server revokes every session when it
    // succeeds, so the user signs in again with the new password.
    passwordChangeRequired: {
      initial: 'idle',
      on: {
        logout: { target: 'signingOut' },
        'session.expired': endSession,
        'session.remoteLogout': endSession,
        'session.refreshed': {
          actions: [
            { type: 'setSession', params: ({ event }) => ({ session: event.session }) },
            { type: 'storeSession', params: ({ event }) => ({ session: event.session }) },
          ],
        },
      },
      states: {
        idle: {
          on: { 'password.submit': { target: 'submitting' } },
        },
        submitting: {
          entry: 'clearError',
          invoke: {
            src: 'changePassword',
            input: ({ event }) => {
              assertEvent(event, 'password.submit');
              const { type: _type, ...change } = event;
              return change;
            },
            onDone: {
              target: '#auth.signedOut',
              actions: ['forgetSession', 'clearSession', 'markPasswordChanged'],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'setError',
                params: ({ event }) => ({ error: messageOf(event.error, AUTH_ERRORS.network) }),
              },
            },
          },
        },
      },
    },

    signedIn: {
      initial: 'idle',
      on: {
        logout: { target: 'signingOut' },
        'session.expired': endSession,
        'session.remoteLogout': endSession,
        'session.refreshed': {
          actions: [
            { type: 'setSession', params: ({ event }) => ({ session: event.session }) },
            { type: 'storeSession', params: ({ event }) => ({ session: event.session }) },
          ],
        },
      },
      states: {
        idle: {
          on: { 'switch.submit': { guard: 'canSwitch', target: 'switching' } },
        },
        switching: {
          entry: 'clearError',
          invoke: {
            src: 'switchIdentity',
            input: ({ event }) => {
              assertEvent(event, 'switch.submit');
              return { deptId: event.deptId, roleId: event.roleId };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
                { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'setError',
                params: ({ event }) => ({ error: messageOf(event.error, AUTH_ERRORS.network) }),
              },
            },
          },
        },
      },
    },

    // The server call needs the token, so the local session is cleared only after it; its
    // failure is ignored because logging out always succeeds locally.
    signingOut: {
      on: {
        'session.expired': endSession,
        'session.remoteLogout': endSession,
      },
      invoke: {
        src: 'logout',
        onDone: endSession,
        onError: endSession,
      },
    },
  },
});
