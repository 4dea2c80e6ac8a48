import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiRequest } from '../../api/client';
import { translate, type MessageKey } from '../../i18n';
import { closeUserDetail, useUserDetailId } from '../../resources/blade-user/user-detail-store';
import {
  closeResetPassword,
  useResetPasswordTarget,
} from '../../resources/blade-user/reset-password-store';
import type { LookupContext, RecordAction, RecordHit } from '../record-lookup';
import { RECORD_LOOKUPS } from './index';
import { createUserLookup, maskPhone, userLookup, type UserHit } from './users';
import { encryptPhone, newPhoneKey as newKey } from '../../test/phone-fixture';

interface Row {
  id: string;
  account: string;
  realName?: string;
  deptName?: string;
  phone?: string;
}

const row = (id: string, extra: Partial<Row> = {}): Row => ({
  id,
  account: `acc-${id}`,
  realName: '',
  deptName: '',
  phone: '',
  ...extra,
});

/** A `request` that records its arguments and answers page requests by their filter. */
function fakeRequest(byFilter: Partial<Record<'account' | 'realName' | 'phone', Row[]>> = {}) {
  const calls: ApiRequest[] = [];
  const request = <T>(args: ApiRequest): Promise<T> => {
    calls.push(args);
    const filter = (['account', 'realName', 'phone'] as const).find((k) => args.params?.[k]);
    const records = (filter && byFilter[filter]) ?? [];
    return Promise.resolve({
      records,
      total: records.length,
      size: 10,
      current: 1,
      pages: 1,
    } as T);
  };
  return { calls, request };
}

const page = (filter: Record<string, string>): ApiRequest => ({
  url: 'blade-user/page',
  params: { current: 1, size: 10, ...filter },
  silent: true,
});

const noKey = createUserLookup({ cryptoKey: () => undefined });

function context(request: LookupContext['request']) {
  const navigated: string[] = [];
  const ctx: LookupContext = { navigate: (to) => navigated.push(to), lang: 'zh', request };
  return { ctx, navigated };
}

function action(id: string): RecordAction {
  const found = userLookup.actions?.find((a) => a.id === id);
  if (!found) throw new Error(`no action ${id}`);
  return found;
}

afterEach(() => {
  act(() => closeUserDetail());
  localStorage.clear();
});

/** A message key's texts in both languages (the palette shows them through the key). */
const texts = (key: MessageKey | undefined) =>
  key === undefined ? undefined : { zh: translate('zh', key), en: translate('en', key) };

describe('userLookup declaration', () => {
  it('is the u: look-up of users behind the user menu, and is registered', () => {
    expect(userLookup).toMatchObject({ scope: 'u', permission: 'user' });
    expect(texts(userLookup.label)).toEqual({ zh: '用户', en: 'Users' });
    expect(RECORD_LOOKUPS).toContain(userLookup);
    expect(new Set(RECORD_LOOKUPS.map((l) => l.scope)).size).toBe(RECORD_LOOKUPS.length);
  });
});

describe('userLookup.search requests', () => {
  it('asks by account and real name only when the term has no digit', async () => {
    const { calls, request } = fakeRequest();
    await noKey.search('  张三 ', { request });
    expect(calls).toEqual([page({ account: '张三' }), page({ realName: '张三' })]);
  });

  it('adds the phone request when the term has a digit, digits only or mixed', async () => {
    const digits = fakeRequest();
    await noKey.search('1380', { request: digits.request });
    expect(digits.calls).toEqual([
      page({ account: '1380' }),
      page({ realName: '1380' }),
      page({ phone: '1380' }),
    ]);
    const mixed = fakeRequest();
    await noKey.search('op1', { request: mixed.request });
    expect(mixed.calls.map((c) => c.params)).toContainEqual({ current: 1, size: 10, phone: 'op1' });
  });

  it('drops spaces and dashes from the phone filter only', async () => {
    const { calls, request } = fakeRequest();
    await noKey.search('138 0000-0001', { request });
    expect(calls).toEqual([
      page({ account: '138 0000-0001' }),
      page({ realName: '138 0000-0001' }),
      page({ phone: '13800000001' }),
    ]);
  });

  it('sends nothing for a blank term', async () => {
    const { calls, request } = fakeRequest();
    expect(await noKey.search('   ', { request })).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('fails when a request fails, so the palette can report it', async () => {
    const request = <T>(args: ApiRequest): Promise<T> =>
      args.params?.realName
        ? Promise.reject({ status: 500, message: 'boom' })
        : Promise.resolve({ records: [] } as T);
    await expect(noKey.search('x', { request })).rejects.toEqual({ status: 500, message: 'boom' });
  });
});

describe('userLookup.search hits', () => {
  it('merges account, then real name, then phone hits, without duplicates, at most 20', async () => {
    const a = Array.from({ length: 10 }, (_, i) => row(`a${i}`));
    const r = [row('a3'), ...Array.from({ length: 9 }, (_, i) => row(`r${i}`))];
    const p = [row('r0'), row('p0'), row('p1'), row('p2')];
    const { request } = fakeRequest({ account: a, realName: r, phone: p });
    const hits = await noKey.search('1', { request });
    expect(hits.map((h) => h.id)).toEqual([
      ...a.map((x) => x.id),
      ...r.slice(1).map((x) => x.id),
      'p0',
    ]);
  });

  it('titles "account · realName", or the account alone, and keeps the account', async () => {
    const { request } = fakeRequest({
      account: [row('1', { account: 'admin', realName: '陈管理' }), row('2', { account: 'guest' })],
    });
    const hits = (await noKey.search('a', { request })) as UserHit[];
    expect(hits[0]).toMatchObject({ id: '1', title: 'admin · 陈管理', account: 'admin' });
    expect(hits[1]).toEqual({ id: '2', title: 'guest', account: 'guest' });
  });

  it('subtitles the department and the decrypted, masked phone', async () => {
    const key = newKey();
    const other = newKey();
    const { request } = fakeRequest({
      account: [
        row('1', { deptName: '演示总部', phone: await encryptPhone('13812345678', key) }),
        row('2', { phone: await encryptPhone('13800000002', key) }),
        // Encrypted for another session: no phone rather than a wrong or garbled one.
        row('3', { deptName: '财务部', phone: await encryptPhone('13800000003', other) }),
        row('4', { deptName: '销售部' }),
      ],
    });
    const lookup = createUserLookup({ cryptoKey: () => key });
    const hits = await lookup.search('acc', { request });
    expect(hits.map((h) => h.subtitle)).toEqual([
      '演示总部 · 138****5678',
      '138****0002',
      '财务部',
      '销售部',
    ]);
  });

  it('shows no phone without a session key', async () => {
    const { request } = fakeRequest({
      account: [row('1', { deptName: 'HQ', phone: await encryptPhone('13812345678', newKey()) })],
    });
    expect((await noKey.search('acc', { request }))[0]?.subtitle).toBe('HQ');
  });

  it("reads the session's key from the stored session", async () => {
    const key = newKey();
    localStorage.setItem(
      'quanyi.session',
      JSON.stringify({
        access_token: 't',
        refresh_token: 'r',
        user_id: 'u1',
        tenant_id: '000000',
        storedAt: 1,
        crypto_key: key,
      }),
    );
    const { request } = fakeRequest({
      account: [row('1', { phone: await encryptPhone('13912345678', key) })],
    });
    expect((await userLookup.search('acc', { request }))[0]?.subtitle).toBe('139****5678');
  });

  it('masks phones of any length', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('+8613812345678')).toBe('+86****5678');
    expect(maskPhone('6543210')).toBe('65****10');
    expect(maskPhone('12345')).toBe('****');
  });
});

describe('userLookup for plain text (issue 25 item 13)', () => {
  it('asks one field: the name for hanzi, the phone for a number, else the account', async () => {
    const plain = noKey.plain!;
    expect(plain.accepts('张三')).toBe(true);
    const { calls, request } = fakeRequest({ realName: [row('1', { realName: '张三' })] });
    expect((await plain.search!(' 张三 ', { request })).map((h) => h.title)).toEqual([
      'acc-1 · 张三',
    ]);
    await plain.search!('138 0000', { request });
    await plain.search!('sales', { request });
    await plain.search!('u12', { request });
    expect(calls).toEqual([
      page({ realName: '张三' }),
      page({ phone: '1380000' }),
      page({ account: 'sales' }),
      page({ account: 'u12' }),
    ]);
  });
});

describe('userLookup open and actions', () => {
  const hit: UserHit = { id: '42', title: 'op · 王五', account: 'op' };

  it('opens the detail drawer for a chosen record and for "view details"', () => {
    const { result } = renderHook(() => useUserDetailId());
    const { ctx } = context(fakeRequest().request);
    act(() => userLookup.open(hit, ctx));
    expect(result.current).toBe('42');
    act(() => closeUserDetail());
    expect(result.current).toBeUndefined();
    const view = action('user.view');
    expect(texts(view.label)).toEqual({ zh: '查看详情', en: 'View details' });
    expect(view.permission).toBeUndefined();
    expect(view.confirm).toBeUndefined();
    act(() => void view.run({ id: '7', title: 'x' }, ctx));
    expect(result.current).toBe('7');
  });

  it('lists its actions with their permissions and texts', () => {
    expect(
      userLookup.actions?.map((a) => ({
        id: a.id,
        label: texts(a.label),
        permission: a.permission,
        confirm: texts(a.confirm),
        done: texts(a.done),
      })),
    ).toEqual([
      {
        id: 'user.view',
        label: { zh: '查看详情', en: 'View details' },
        permission: undefined,
        confirm: undefined,
        done: undefined,
      },
      {
        id: 'user.resetPassword',
        label: { zh: '重置密码', en: 'Reset password' },
        permission: 'user_reset',
        // The dialog it opens confirms and shows the one-time password.
        confirm: undefined,
        done: undefined,
      },
      {
        id: 'user.unlock',
        label: { zh: '解锁', en: 'Unlock' },
        permission: 'user_unlock',
        confirm: { zh: '确定解锁 {title}?', en: 'Unlock {title}?' },
        done: { zh: '解锁成功', en: 'Unlocked' },
      },
      {
        id: 'user.showInList',
        label: { zh: '在用户列表中查看', en: 'Show in the user list' },
        permission: undefined,
        confirm: undefined,
        done: undefined,
      },
    ]);
  });

  it('user.unlock posts the user id as userIds to blade-user/unlock', async () => {
    const { calls, request } = fakeRequest();
    const { ctx, navigated } = context(request);
    await action('user.unlock').run(hit, ctx);
    expect(calls).toEqual([
      { url: 'blade-user/unlock', method: 'POST', params: { userIds: '42' }, silent: true },
    ]);
    expect(navigated).toEqual([]);
  });

  it('user.resetPassword opens the reset dialog for the user and posts nothing itself', () => {
    const { result } = renderHook(() => useResetPasswordTarget());
    const { calls, request } = fakeRequest();
    const { ctx } = context(request);
    act(() => void action('user.resetPassword').run(hit, ctx));
    expect(result.current).toEqual({ id: '42', account: 'op', realName: '' });
    expect(calls).toEqual([]);
    act(() => closeResetPassword());
  });

  it('rejects when the server refuses, so the palette reports the failure', async () => {
    const { ctx } = context(() => Promise.reject({ status: 403, message: '没有权限' }));
    await expect(action('user.unlock').run(hit, ctx)).rejects.toMatchObject({ status: 403 });
  });

  it('shows the record in the user list filtered by its account', () => {
    const { ctx, navigated } = context(fakeRequest().request);
    void action('user.showInList').run(hit, ctx);
    void action('user.showInList').run({ ...hit, account: 'a b&c=d' } as RecordHit, ctx);
    expect(navigated).toEqual(['/system/user?account=op', '/system/user?account=a%20b%26c%3Dd']);
  });
});
