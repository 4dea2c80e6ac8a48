import { describe, it, expect, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  authMachine,
  type AuthInput,
  type Captcha,
  type IdentitySwitch,
  type LoginRequest,
  type PasswordChange,
  type Session,
} from './auth-machine';

const session = (over: Partial<Session> = {}): Session => ({
  access_token: 'at-1',
  refresh_token: 'rt-1',
  expires_in: 3600,
  user_id: '1',
  user_name: 'admin',
  nick_name: 'Admin',
  real_name: 'Administrator',
  role_name: 'administrator',
  avatar: '',
  account: 'admin',
  dept_id: '10',
  role_id: '20',
  tenant_id: '000000',
  must_change_password: false,
  crypto_key: 'a2V5',
  storedAt: 1_700_000_000_000,
  ...over,
});

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

interface Fakes {
  login?: (input: LoginRequest) => Promise<Session>;
  changePassword?: (input: PasswordChange) => Promise<unknown>;
  switchIdentity?: (input: IdentitySwitch) => Promise<Session>;
  logout?: () => Promise<unknown>;
}

function setup(input: Partial<AuthInput> = {}, fakes: Fakes = {}) {
  let captchas = 0;
  const loadCaptcha = vi.fn(async (): Promise<Captcha> => {
    captchas += 1;
    return { key: `k${captchas}`, image: `data:image/png;base64,${captchas}` };
  });
  const login = vi.fn(fakes.login ?? (async () => session()));
  const changePassword = vi.fn(fakes.changePassword ?? (async () => true));
  const switchIdentity = vi.fn(
    fakes.switchIdentity ?? (async (s: IdentitySwitch) => session({ dept_id: s.deptId })),
  );
  const logout = vi.fn(fakes.logout ?? (async () => true));
  const storeSession = vi.fn();
  const clearSession = vi.fn();
  const machine = authMachine.provide({
    actors: {
      loadCaptcha: fromPromise(loadCaptcha),
      login: fromPromise(({ input }) => login(input)),
      changePassword: fromPromise(({ input }) => changePassword(input)),
      switchIdentity: fromPromise(({ input }) => switchIdentity(input)),
      logout: fromPromise(() => logout()),
    },
    actions: {
      storeSession: (_, params) => storeSession(params.session),
      clearSession,
    },
  });
  const actor = createActor(machine, {
    input: { captchaMode: false, switchMode: false, ...input },
  }).start();
  const snap = () => actor.getSnapshot();
  return {
    actor,
    snap,
    loadCaptcha,
    login,
    changePassword,
    switchIdentity,
    logout,
    storeSession,
    clearSession,
  };
}

const credentials = { tenantId: '000000', username: 'admin', password: 'secret' };
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('authMachine', () => {
  describe('start', () => {
    it('starts signed out without a stored session', () => {
      const { snap, storeSession, clearSession } = setup();
      expect(snap().matches({ signedOut: 'idle' })).toBe(true);
      expect(storeSession).not.toHaveBeenCalled();
      expect(clearSession).not.toHaveBeenCalled();
    });

    it('starts signed in with a restored session, without storing it again', () => {
      const { snap, storeSession } = setup({ session: session() });
      expect(snap().matches({ signedIn: 'idle' })).toBe(true);
      expect(snap().context.session?.access_token).toBe('at-1');
      expect(storeSession).not.toHaveBeenCalled();
    });

    it('starts in passwordChangeRequired when the restored session must change it', () => {
      const { snap } = setup({ session: session({ must_change_password: true }) });
      expect(snap().matches({ passwordChangeRequired: 'idle' })).toBe(true);
    });

    it('loads a captcha on start in captcha mode', async () => {
      const { actor, snap, loadCaptcha } = setup({ captchaMode: true });
      expect(snap().matches({ signedOut: 'loadingCaptcha' })).toBe(true);
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(loadCaptcha).toHaveBeenCalledTimes(1);
      expect(snap().context.captcha).toEqual({ key: 'k1', image: 'data:image/png;base64,1' });
    });
  });

  describe('captcha', () => {
    it('captcha.refresh loads a new one', async () => {
      const { actor, snap, loadCaptcha } = setup({ captchaMode: true });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      actor.send({ type: 'captcha.refresh' });
      await waitFor(actor, (s) => s.context.captcha?.key === 'k2');
      expect(loadCaptcha).toHaveBeenCalledTimes(2);
      expect(snap().matches({ signedOut: 'idle' })).toBe(true);
    });

    it('captcha.refresh is ignored outside captcha mode and while loading', async () => {
      const off = setup();
      off.actor.send({ type: 'captcha.refresh' });
      expect(off.snap().matches({ signedOut: 'idle' })).toBe(true);
      expect(off.loadCaptcha).not.toHaveBeenCalled();

      const on = setup({ captchaMode: true });
      on.actor.send({ type: 'captcha.refresh' });
      await waitFor(on.actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(on.loadCaptcha).toHaveBeenCalledTimes(1);
    });

    it('a failed captcha load shows an error and can be retried', async () => {
      const actor = createActor(
        authMachine.provide({
          actors: {
            loadCaptcha: fromPromise<Captcha>(async () => {
              throw new Error('down');
            }),
          },
        }),
        { input: { captchaMode: true, switchMode: false } },
      ).start();
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(actor.getSnapshot().context.error).toBe('auth.errors.captcha');
      actor.send({ type: 'captcha.refresh' });
      expect(actor.getSnapshot().matches({ signedOut: 'loadingCaptcha' })).toBe(true);
    });
  });

  describe('login', () => {
    it('signs in and stores the session once', async () => {
      const { actor, snap, login, storeSession, clearSession } = setup();
      actor.send({ type: 'login.submit', ...credentials });
      expect(snap().matches({ signedOut: 'submitting' })).toBe(true);
      await waitFor(actor, (s) => s.matches('signedIn'));
      expect(login).toHaveBeenCalledWith({ ...credentials, captchaKey: undefined });
      expect(snap().context.session).toEqual(session());
      expect(storeSession.mock.calls).toEqual([[session()]]);
      expect(clearSession).not.toHaveBeenCalled();
    });

    it('sends the captcha key and code in captcha mode', async () => {
      const { actor, login } = setup({ captchaMode: true });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      actor.send({ type: 'login.submit', ...credentials, captchaCode: 'abcd' });
      await waitFor(actor, (s) => s.matches('signedIn'));
      expect(login).toHaveBeenCalledWith({ ...credentials, captchaKey: 'k1', captchaCode: 'abcd' });
    });

    it('shows the server message on failure and stays signed out', async () => {
      const { actor, snap, storeSession } = setup(
        {},
        {
          login: async () => {
            throw new Error('账号或密码错误');
          },
        },
      );
      actor.send({ type: 'login.submit', ...credentials });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(snap().context.error).toBe('账号或密码错误');
      expect(snap().context.session).toBeUndefined();
      expect(storeSession).not.toHaveBeenCalled();
    });

    it('falls back to the wrong-credentials key when the failure has no message', async () => {
      const { actor, snap } = setup({}, { login: () => Promise.reject(new Error('')) });
      actor.send({ type: 'login.submit', ...credentials });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(snap().context.error).toBe('auth.errors.wrongCredentials');
    });

    it('loads a new captcha after a failed login in captcha mode, keeping the error', async () => {
      const { actor, snap, loadCaptcha } = setup(
        { captchaMode: true },
        { login: () => Promise.reject(new Error('验证码不正确')) },
      );
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      actor.send({ type: 'login.submit', ...credentials, captchaCode: 'zzzz' });
      await waitFor(actor, (s) => s.matches({ signedOut: 'loadingCaptcha' }));
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(loadCaptcha).toHaveBeenCalledTimes(2);
      expect(snap().context.captcha?.key).toBe('k2');
      expect(snap().context.error).toBe('验证码不正确');
    });

    it('does not reload the captcha after a failure outside captcha mode', async () => {
      const { actor, loadCaptcha } = setup({}, { login: () => Promise.reject(new Error('x')) });
      actor.send({ type: 'login.submit', ...credentials });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(loadCaptcha).not.toHaveBeenCalled();
    });

    it('ignores a second submit while submitting', async () => {
      const pending = deferred<Session>();
      const { actor, login, storeSession } = setup({}, { login: () => pending.promise });
      actor.send({ type: 'login.submit', ...credentials });
      actor.send({ type: 'login.submit', ...credentials, password: 'other' });
      pending.resolve(session());
      await waitFor(actor, (s) => s.matches('signedIn'));
      expect(login).toHaveBeenCalledTimes(1);
      expect(storeSession).toHaveBeenCalledTimes(1);
    });

    it('ignores login.submit while the captcha loads and once signed in', async () => {
      const { actor, snap, login } = setup({ captchaMode: true });
      actor.send({ type: 'login.submit', ...credentials });
      expect(snap().matches({ signedOut: 'loadingCaptcha' })).toBe(true);
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(login).not.toHaveBeenCalled();

      const signedIn = setup({ session: session() });
      signedIn.actor.send({ type: 'login.submit', ...credentials });
      expect(signedIn.snap().matches({ signedIn: 'idle' })).toBe(true);
      expect(signedIn.login).not.toHaveBeenCalled();
    });

    it('clears the previous error when submitting again', async () => {
      let calls = 0;
      const second = deferred<Session>();
      const { actor, snap } = setup(
        {},
        {
          login: () => (++calls === 1 ? Promise.reject(new Error('bad')) : second.promise),
        },
      );
      actor.send({ type: 'login.submit', ...credentials });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      actor.send({ type: 'login.submit', ...credentials });
      expect(snap().context.error).toBeUndefined();
    });
  });

  describe('password change', () => {
    const mustChange = session({ must_change_password: true });
    const change = { oldPassword: 'Old#123', newPassword: 'New#1234', newPassword1: 'New#1234' };

    it('a login that must change the password goes to passwordChangeRequired', async () => {
      const { actor, snap, storeSession } = setup({}, { login: async () => mustChange });
      actor.send({ type: 'login.submit', ...credentials });
      await waitFor(actor, (s) => s.matches('passwordChangeRequired'));
      expect(snap().matches({ passwordChangeRequired: 'idle' })).toBe(true);
      // The token is needed to call the password change.
      expect(storeSession.mock.calls).toEqual([[mustChange]]);
    });

    it('success signs out with passwordChanged and clears the session once', async () => {
      const { actor, snap, changePassword, clearSession } = setup({ session: mustChange });
      actor.send({ type: 'password.submit', ...change });
      expect(snap().matches({ passwordChangeRequired: 'submitting' })).toBe(true);
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(changePassword).toHaveBeenCalledWith(change);
      expect(snap().context).toMatchObject({
        session: undefined,
        error: undefined,
        passwordChanged: true,
      });
      expect(clearSession).toHaveBeenCalledTimes(1);
    });

    it('passwordChanged is reset by the next login attempt', async () => {
      const { actor, snap } = setup({ session: mustChange });
      actor.send({ type: 'password.submit', ...change });
      await waitFor(actor, (s) => s.matches('signedOut'));
      actor.send({ type: 'login.submit', ...credentials });
      expect(snap().context.passwordChanged).toBe(false);
    });

    it('failure stays with the server message', async () => {
      const { actor, snap, clearSession } = setup(
        { session: mustChange },
        { changePassword: () => Promise.reject(new Error('原密码不正确')) },
      );
      actor.send({ type: 'password.submit', ...change });
      await waitFor(actor, (s) => s.matches({ passwordChangeRequired: 'idle' }));
      expect(snap().context.error).toBe('原密码不正确');
      expect(snap().context.session).toEqual(mustChange);
      expect(clearSession).not.toHaveBeenCalled();
    });

    it('ignores a second submit while submitting, and switch.submit', async () => {
      const pending = deferred<unknown>();
      const { actor, snap, changePassword, switchIdentity } = setup(
        { session: mustChange, switchMode: true },
        { changePassword: () => pending.promise },
      );
      actor.send({ type: 'switch.submit', deptId: '1', roleId: '2' });
      expect(snap().matches({ passwordChangeRequired: 'idle' })).toBe(true);
      actor.send({ type: 'password.submit', ...change });
      actor.send({ type: 'password.submit', ...change });
      pending.resolve(true);
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(changePassword).toHaveBeenCalledTimes(1);
      expect(switchIdentity).not.toHaveBeenCalled();
    });

    it('password.submit is ignored when signed in normally', () => {
      const { actor, snap, changePassword } = setup({ session: session() });
      actor.send({ type: 'password.submit', ...change });
      expect(snap().matches({ signedIn: 'idle' })).toBe(true);
      expect(changePassword).not.toHaveBeenCalled();
    });
  });

  describe('switch department and role', () => {
    it('switches in switch mode and stores the new session', async () => {
      const { actor, snap, switchIdentity, storeSession } = setup({
        session: session(),
        switchMode: true,
      });
      actor.send({ type: 'switch.submit', deptId: '11', roleId: '21' });
      expect(snap().matches({ signedIn: 'switching' })).toBe(true);
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(switchIdentity).toHaveBeenCalledWith({ deptId: '11', roleId: '21' });
      expect(snap().context.session?.dept_id).toBe('11');
      expect(storeSession).toHaveBeenCalledTimes(1);
    });

    it('is ignored when switch mode is off', () => {
      const { actor, snap, switchIdentity } = setup({ session: session() });
      actor.send({ type: 'switch.submit', deptId: '11', roleId: '21' });
      expect(snap().matches({ signedIn: 'idle' })).toBe(true);
      expect(switchIdentity).not.toHaveBeenCalled();
    });

    it('a failed switch keeps the session and shows the message', async () => {
      const { actor, snap, storeSession } = setup(
        { session: session(), switchMode: true },
        { switchIdentity: () => Promise.reject(new Error('无权限')) },
      );
      actor.send({ type: 'switch.submit', deptId: '11', roleId: '21' });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(snap().context.error).toBe('无权限');
      expect(snap().context.session).toEqual(session());
      expect(storeSession).not.toHaveBeenCalled();
    });

    it('ignores a second switch while switching', async () => {
      const { actor, switchIdentity } = setup({ session: session(), switchMode: true });
      actor.send({ type: 'switch.submit', deptId: '11', roleId: '21' });
      actor.send({ type: 'switch.submit', deptId: '12', roleId: '22' });
      await waitFor(actor, (s) => s.matches({ signedIn: 'idle' }));
      expect(switchIdentity).toHaveBeenCalledTimes(1);
    });
  });

  describe('logout', () => {
    it('calls the server, then clears the session once', async () => {
      const pending = deferred<unknown>();
      const { actor, snap, logout, clearSession } = setup(
        { session: session() },
        { logout: () => pending.promise },
      );
      actor.send({ type: 'logout' });
      expect(snap().matches('signingOut')).toBe(true);
      // The server call still needs the token.
      expect(clearSession).not.toHaveBeenCalled();
      actor.send({ type: 'logout' });
      pending.resolve(true);
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(logout).toHaveBeenCalledTimes(1);
      expect(clearSession).toHaveBeenCalledTimes(1);
      expect(snap().context.session).toBeUndefined();
    });

    it('succeeds locally when the server call fails', async () => {
      const { actor, snap, clearSession } = setup(
        { session: session() },
        { logout: () => Promise.reject(new Error('network')) },
      );
      actor.send({ type: 'logout' });
      await waitFor(actor, (s) => s.matches('signedOut'));
      expect(snap().context.error).toBeUndefined();
      expect(clearSession).toHaveBeenCalledTimes(1);
    });

    it('loads a captcha for the next login in captcha mode', async () => {
      const { actor, loadCaptcha } = setup({ session: session(), captchaMode: true });
      expect(loadCaptcha).not.toHaveBeenCalled();
      actor.send({ type: 'logout' });
      await waitFor(actor, (s) => s.matches({ signedOut: 'idle' }));
      expect(loadCaptcha).toHaveBeenCalledTimes(1);
    });

    it('is ignored when signed out', () => {
      const { actor, snap, logout, clearSession } = setup();
      actor.send({ type: 'logout' });
      expect(snap().matches({ signedOut: 'idle' })).toBe(true);
      expect(logout).not.toHaveBeenCalled();
      expect(clearSession).not.toHaveBeenCalled();
    });

    it('a session.expired during the server call ends it once', async () => {
      const pending = deferred<unknown>();
      const { actor, snap, clearSession } = setup(
        { session: session() },
        { logout: () => pending.promise },
      );
      actor.send({ type: 'logout' });
      actor.send({ type: 'session.expired' });
      expect(snap().matches('signedOut')).toBe(true);
      pending.resolve(true);
      await tick();
      expect(clearSession).toHaveBeenCalledTimes(1);
    });
  });

  describe('session.expired', () => {
    it('goes straight to signedOut without the server call', () => {
      const { actor, snap, logout, clearSession } = setup({ session: session() });
      actor.send({ type: 'session.expired' });
      expect(snap().matches({ signedOut: 'idle' })).toBe(true);
      expect(snap().context.session).toBeUndefined();
      expect(logout).not.toHaveBeenCalled();
      expect(clearSession).toHaveBeenCalledTimes(1);
    });

    it('five in a row clear the session once', () => {
      const { actor, snap, clearSession } = setup({ session: session() });
      for (let i = 0; i < 5; i++) actor.send({ type: 'session.expired' });
      expect(snap().matches('signedOut')).toBe(true);
      expect(clearSession).toHaveBeenCalledTimes(1);
    });

    it('does nothing when already signed out', () => {
      const { actor, snap, clearSession } = setup();
      actor.send({ type: 'session.expired' });
      actor.send({ type: 'session.expired' });
      expect(snap().matches({ signedOut: 'idle' })).toBe(true);
      expect(clearSession).not.toHaveBeenCalled();
    });

    it('does not disturb a login in progress', async () => {
      const { actor, snap } = setup();
      actor.send({ type: 'login.submit', ...credentials });
      actor.send({ type: 'session.expired' });
      expect(snap().matches({ signedOut: 'submitting' })).toBe(true);
      await waitFor(actor, (s) => s.matches('signedIn'));
    });

    it('also ends a password-change session and a switch in progress', async () => {
      const a = setup({ session: session({ must_change_password: true }) });
      a.actor.send({ type: 'session.expired' });
      expect(a.snap().matches('signedOut')).toBe(true);
      expect(a.clearSession).toHaveBeenCalledTimes(1);

      const b = setup({ session: session(), switchMode: true });
      b.actor.send({ type: 'switch.submit', deptId: '1', roleId: '2' });
      b.actor.send({ type: 'session.expired' });
      await tick();
      expect(b.snap().matches('signedOut')).toBe(true);
      expect(b.storeSession).not.toHaveBeenCalled();
      expect(b.clearSession).toHaveBeenCalledTimes(1);
    });
  });

  describe('session.refreshed', () => {
    it('replaces and stores the session while signed in', () => {
      const { actor, snap, storeSession } = setup({ session: session() });
      const fresh = session({ access_token: 'at-2', storedAt: 1_700_000_100_000 });
      actor.send({ type: 'session.refreshed', session: fresh });
      expect(snap().matches({ signedIn: 'idle' })).toBe(true);
      expect(snap().context.session).toEqual(fresh);
      expect(storeSession.mock.calls).toEqual([[fresh]]);
    });

    it('is ignored when signed out', () => {
      const { actor, snap, storeSession } = setup();
      actor.send({ type: 'session.refreshed', session: session() });
      expect(snap().context.session).toBeUndefined();
      expect(storeSession).not.toHaveBeenCalled();
    });
  });

  describe('session.remoteLogout', () => {
    it('signs out without the server call, clearing once', () => {
      const { actor, snap, logout, clearSession } = setup({ session: session() });
      actor.send({ type: 'session.remoteLogout' });
      actor.send({ type: 'session.remoteLogout' });
      expect(snap().matches('signedOut')).toBe(true);
      expect(logout).not.toHaveBeenCalled();
      expect(clearSession).toHaveBeenCalledTimes(1);
    });

    it('is ignored when signed out', () => {
      const { actor, clearSession } = setup();
      actor.send({ type: 'session.remoteLogout' });
      expect(clearSession).not.toHaveBeenCalled();
    });
  });
});
