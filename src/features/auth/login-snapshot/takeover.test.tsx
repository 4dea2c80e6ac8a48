import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine } from '../../../../machines/auth-machine';
import { lockMachine } from '../../../../machines/lock-machine';
import { tabsMachine } from '../../../../machines/tabs-machine';
import { HOME_TAB, ShellContext } from '../../../state/shell-context';
import { createAppStore } from '../../../app/app-store';
import { LoginPage } from '../login-page';
import { renderLoginSnapshot } from './render';
import { STORAGE_PREFIX } from '../../../lib/storage';
import { SNAPSHOT_ID, SNAPSHOT_OFF_ATTRIBUTE, SNAPSHOT_RELEASED_MARK } from './snapshot-element';
import { LoginSnapshotTakeover } from './takeover';

beforeEach(() => {
  // The page asks which tenant serves this domain: none.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ code: 200, success: true, data: {}, msg: '' })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute(SNAPSHOT_OFF_ATTRIBUTE);
  localStorage.clear();
});

/** login.html as the browser has it before the console's script runs. */
function paintSnapshot(captcha = false): HTMLElement {
  document.body.innerHTML = renderLoginSnapshot({ captcha }).html;
  const snapshot = document.getElementById(SNAPSHOT_ID);
  if (!snapshot) throw new Error('no snapshot');
  return snapshot;
}

function snapshotInput(snapshot: HTMLElement, name: string): HTMLInputElement {
  const input = snapshot.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no ${name} input`);
  return input;
}

/** The console's first render of /login (main.tsx puts the take-over beside the routes). */
function startConsole() {
  const store = createAppStore();
  const shell = {
    auth: createActor(
      authMachine.provide({
        actors: { loadCaptcha: fromPromise(async () => ({ key: 'k', image: 'data:,' })) },
      }),
      { input: { captchaMode: false, switchMode: false } },
    ).start(),
    lock: createActor(lockMachine, { input: { locked: false } }),
    tabs: createActor(tabsMachine, { input: { home: HOME_TAB } }),
  };
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/login']}>
        <ShellContext.Provider value={shell}>
          <LoginPage />
          <LoginSnapshotTakeover />
        </ShellContext.Provider>
      </MemoryRouter>
    </Provider>,
  );
  return store;
}

describe('login snapshot', () => {
  it('is the login form, inert until the console takes over', () => {
    const snapshot = paintSnapshot(true);
    const { title, key } = renderLoginSnapshot({ captcha: true });
    expect(title).toBe('登录 - 数字权益平台运营后台');
    expect(key).toBe('zh|light|#12a182|');
    expect(snapshot.querySelector('form')?.getAttribute('aria-label')).toBe('登录');
    expect(screen.getByRole('textbox', { name: /租户ID/ })).toHaveProperty('value', '000000');
    expect(screen.getByRole('textbox', { name: /用户名/ })).toBeTruthy();
    expect(screen.getByLabelText(/^密码/)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: /验证码/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', true);
    expect(snapshot.querySelector('script')).toBeNull();
    // Ids of its own, so labels never point at the console's inputs while both are present.
    snapshot.querySelectorAll('[id]').forEach((el) => expect(el.id).toMatch(/snapshot-/));
  });

  it('has no captcha field for a server with captcha mode off', () => {
    paintSnapshot(false);
    expect(screen.queryByRole('textbox', { name: /验证码/ })).toBeNull();
    expect(screen.getByRole('button', { name: '登录' })).toHaveProperty('disabled', true);
  });

  it("hands what was typed, the focus and the caret to the console's form", () => {
    const snapshot = paintSnapshot();
    snapshotInput(snapshot, 'tenantId').value = '100001';
    snapshotInput(snapshot, 'username').value = 'operator';
    const password = snapshotInput(snapshot, 'password');
    password.value = 'Demo@2026';
    password.focus();
    password.setSelectionRange(2, 4);

    startConsole();

    expect(document.getElementById(SNAPSHOT_ID)).toBeNull();
    expect(screen.getByRole('textbox', { name: /租户ID/ })).toHaveProperty('value', '100001');
    expect(screen.getByRole('textbox', { name: /用户名/ })).toHaveProperty('value', 'operator');
    const real = screen.getByLabelText<HTMLInputElement>(/^密码/);
    expect(real.value).toBe('Demo@2026');
    expect(document.activeElement).toBe(real);
    expect([real.selectionStart, real.selectionEnd]).toEqual([2, 4]);
    expect(performance.getEntriesByName(SNAPSHOT_RELEASED_MARK)).not.toHaveLength(0);
  });

  it('keeps the language picked in the snapshot', () => {
    const snapshot = paintSnapshot();
    const english = snapshot.querySelector<HTMLInputElement>('input[value="en"]');
    if (!english) throw new Error('no English radio');
    english.checked = true;

    const store = startConsole();

    expect(store.getState().ui.lang).toBe('en');
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    // Decided once: switching back afterwards is the console's own business.
    act(() => screen.getByRole('radio', { name: '中文' }).click());
    expect(store.getState().ui.lang).toBe('zh');
  });

  it('takes nothing from a snapshot the guard kept hidden', () => {
    const snapshot = paintSnapshot(); // rendered for a first visit (Chinese)
    localStorage.setItem(`${STORAGE_PREFIX}lang`, '"en"');
    document.documentElement.setAttribute(SNAPSHOT_OFF_ATTRIBUTE, 'off');
    snapshotInput(snapshot, 'username').value = 'filled-by-someone';

    const store = startConsole();

    // Its Chinese radio was checked as rendered, not picked: the stored English stays.
    expect(store.getState().ui.lang).toBe('en');
    expect(screen.getByRole('textbox', { name: /Username/ })).toHaveProperty('value', '');
    expect(document.getElementById(SNAPSHOT_ID)).toBeNull();
  });

  it('changes nothing when the page started without a snapshot', () => {
    startConsole();
    expect(screen.getByRole('textbox', { name: /用户名/ })).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: /租户ID/ })).toHaveProperty('value', '000000');
  });
});
