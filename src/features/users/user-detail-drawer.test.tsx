import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { langChanged } from '../../state/ui-slice';
import { UserDetailDrawer } from './user-detail-drawer';
import { closeUserDetail, openUserDetail } from '../../resources/blade-user/user-detail-store';
import { encryptPhone, newPhoneKey as newKey } from '../../test/phone-fixture';
import { fail, ok, renderSignedIn, reply, scriptFetch, type Answer } from '../../test/signed-in';

const SCRIPT_NAME = '<script>window.hacked=1</script><img src=x onerror="window.hacked=2">';

/** A user as GET blade-user/detail answers on the embedded server (see server tests). */
const user = (phone: string) => ({
  id: '1001',
  tenantId: '000000',
  code: 'U0009',
  userType: 1,
  account: 'operator',
  name: '小运',
  realName: SCRIPT_NAME,
  avatar: '',
  email: 'op@example.com',
  phone,
  birthday: '1990-01-02 00:00:00',
  sex: 1,
  roleId: '11',
  deptId: '21',
  postId: '',
  createTime: '2026-01-05 09:30:00',
  status: 1,
  version: 1,
  roleName: '运营',
  deptName: '运营部',
  postName: '',
  statusName: '正常',
  sexName: '女',
  userTypeName: 'WEB',
});

let answers: Answer[] = [];
let pending: ((answer: Answer) => void) | undefined;
const requested: string[] = [];

beforeEach(() => {
  answers = [];
  pending = undefined;
  requested.length = 0;
  scriptFetch(async ({ url }) => {
    requested.push(url);
    return reply(answers.shift() ?? (await new Promise<Answer>((resolve) => (pending = resolve))));
  });
});

afterEach(() => {
  act(() => closeUserDetail());
  cleanup();
  vi.unstubAllGlobals();
});

function setup(cryptoKey: string) {
  return renderSignedIn(
    <>
      <button type="button">opener</button>
      <UserDetailDrawer />
    </>,
    { session: { crypto_key: cryptoKey } },
  );
}

describe('UserDetailDrawer', () => {
  it('renders nothing until a user is opened', () => {
    setup(newKey());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requested).toEqual([]);
  });

  it('loads the user, then shows every field as text with the phone decrypted', async () => {
    const key = newKey();
    setup(key);
    act(() => openUserDetail('1001'));
    const dialog = await screen.findByRole('dialog', { name: '用户详情' });
    expect(dialog.querySelector('[aria-busy="true"]')).not.toBeNull();
    expect(requested).toEqual(['/api/blade-user/detail?id=1001']);

    await act(async () => pending?.(ok(user(await encryptPhone('13812345678', key)))));
    expect(await screen.findByText(SCRIPT_NAME)).toBeTruthy();
    expect(dialog.querySelector('script, img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(await screen.findByText('13812345678')).toBeTruthy();
    const pairs = [...dialog.querySelectorAll('dt')].map((dt) => [
      dt.textContent,
      dt.nextElementSibling?.textContent,
    ]);
    expect(pairs).toEqual([
      ['登录账号', 'operator'],
      ['用户昵称', '小运'],
      ['用户姓名', SCRIPT_NAME],
      ['所属角色', '运营'],
      ['所属部门', '运营部'],
      ['所属岗位', '—'],
      ['手机号码', '13812345678'],
      ['电子邮箱', 'op@example.com'],
      ['用户性别', '女'],
      ['用户生日', '1990-01-02 00:00:00'],
      ['用户状态', '正常'],
      ['所属租户', '000000'],
      ['创建时间', '2026-01-05 09:30:00'],
    ]);
  });

  it('shows English labels and says when the phone cannot be decrypted', async () => {
    const store = setup(newKey());
    act(() => {
      store.dispatch(langChanged('en'));
    });
    answers.push(ok({ ...user(await encryptPhone('13812345678', newKey())), status: 2 }));
    act(() => openUserDetail('1001'));
    const dialog = await screen.findByRole('dialog', { name: 'User details' });
    expect(await screen.findByText('Cannot be shown')).toBeTruthy();
    expect(screen.getByText('Real name')).toBeTruthy();
    expect(screen.getByText('Female')).toBeTruthy();
    expect(screen.getByText('Pending approval')).toBeTruthy();
    expect(dialog.textContent).not.toContain('13812345678');
    act(() => {
      store.dispatch(langChanged('zh'));
    });
  });

  it('shows the failure with a retry that loads the user', async () => {
    const key = newKey();
    setup(key);
    answers.push(fail(500, '服务器异常'));
    act(() => openUserDetail('1001'));
    expect(await screen.findByText('用户详情加载失败')).toBeTruthy();
    expect(screen.getByText('服务器异常')).toBeTruthy();
    answers.push(ok(user(await encryptPhone('13800000001', key))));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('13800000001')).toBeTruthy();
    expect(screen.queryByText('用户详情加载失败')).toBeNull();
    expect(requested).toEqual(['/api/blade-user/detail?id=1001', '/api/blade-user/detail?id=1001']);
  });

  it('closes on Esc and gives focus back to the opener', async () => {
    const key = newKey();
    setup(key);
    answers.push(ok(user('')));
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    act(() => openUserDetail('1001'));
    const dialog = await screen.findByRole('dialog', { name: '用户详情' });
    await screen.findByText('operator');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
