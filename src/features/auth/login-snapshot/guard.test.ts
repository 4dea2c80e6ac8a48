import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_COLOR, loadUi } from '../../../state/stored-state';
import { STORAGE_PREFIX } from '../../../lib/storage';
import { appearanceKey, loginAppearance } from './appearance';
import { runSnapshotGuard, snapshotFits } from './guard';
import { CAPTCHA_MODE_META, captchaModeOfPage, SNAPSHOT_OFF_ATTRIBUTE } from './snapshot-element';

const put = (key: string, value: unknown) =>
  localStorage.setItem(STORAGE_PREFIX + key, JSON.stringify(value));

/** The key the build renders the snapshot with: a first visit's look. */
const firstVisitKey = () => {
  localStorage.clear();
  return appearanceKey(loginAppearance(loadUi()));
};

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute(SNAPSHOT_OFF_ATTRIBUTE);
  document.body.innerHTML = '';
});

describe('login snapshot guard', () => {
  it('shows the snapshot on a first visit, and for corrupted stored preferences', () => {
    const key = firstVisitKey();
    expect(key).toBe(`zh|light|${DEFAULT_COLOR}|`);
    expect(snapshotFits(key)).toBe(true);
    localStorage.setItem(`${STORAGE_PREFIX}lang`, '{not json');
    put('theme', 'no-such-theme');
    expect(snapshotFits(key)).toBe(true);
  });

  it.each([
    ['English chosen', () => put('lang', 'en')],
    ['a dark theme', () => put('theme', 'dark')],
    ['another colour', () => put('color', '#123456')],
    [
      "the tenant's site name",
      () =>
        put('personalisation', {
          systemColor: '',
          sideName: '权益中心',
          smallWindowLogoUrl: '',
          navigationBarLogoUrl: '',
        }),
    ],
    [
      'a stored session (the console goes on to the home page)',
      () =>
        put('session', {
          access_token: 'a',
          refresh_token: 'r',
          user_id: '1',
          tenant_id: '000000',
          storedAt: 1,
        }),
    ],
  ])('hides it for %s', (_, store) => {
    const key = firstVisitKey();
    store();
    expect(snapshotFits(key)).toBe(false);
    const script = document.createElement('script');
    script.dataset.appearance = key;
    runSnapshotGuard(script);
    expect(document.documentElement.getAttribute(SNAPSHOT_OFF_ATTRIBUTE)).toBe('off');
  });

  it('leaves it shown when the look matches, and never lets the snapshot form submit natively', () => {
    const script = document.createElement('script');
    script.dataset.appearance = firstVisitKey();
    document.body.innerHTML =
      '<div id="login-snapshot"><form id="snap"></form></div><form id="other"></form>';
    runSnapshotGuard(script);
    expect(document.documentElement.hasAttribute(SNAPSHOT_OFF_ATTRIBUTE)).toBe(false);
    const submit = (id: string) => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      document.getElementById(id)?.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(submit('snap')).toBe(true);
    expect(submit('other')).toBe(false);
  });
});

describe('captcha mode of the page', () => {
  it('is what login.html states, and unknown on other pages', () => {
    expect(captchaModeOfPage()).toBeUndefined();
    const meta = document.createElement('meta');
    meta.name = CAPTCHA_MODE_META;
    document.head.append(meta);
    try {
      meta.content = 'on';
      expect(captchaModeOfPage()).toBe(true);
      meta.content = 'off';
      expect(captchaModeOfPage()).toBe(false);
      meta.content = 'maybe';
      expect(captchaModeOfPage()).toBeUndefined();
    } finally {
      meta.remove();
    }
  });
});
