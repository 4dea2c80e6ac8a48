import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { encryptPhone, newPhoneKey } from '../../test/phone-fixture';
import { renderSignedIn } from '../../test/signed-in';
import UserFormDialog from './user-form-dialog';
import {
  fail,
  ok,
  posts,
  scriptServer,
  userRow,
  type Answer,
  type Call,
} from './user-dialog-test-harness';

/** The server's RSA-OAEP-SHA256 key pair; the console gets the public half as PEM. */
let keys: CryptoKeyPair;
let pem: string;

beforeAll(async () => {
  keys = await crypto.subtle.generateKey(
    {
      name: 'RSA-OAEP',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['encrypt', 'decrypt'],
  );
  const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
  const base64 = btoa(String.fromCharCode(...spki));
  pem = `-----BEGIN PUBLIC KEY-----\n${base64}\n-----END PUBLIC KEY-----`;
});

async function decrypt(cipher: string): Promise<string> {
  const bytes = Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0));
  const plain = await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, keys.privateKey, bytes);
  return new TextDecoder().decode(plain);
}

const ROLES = [
  {
    id: '10',
    parentId: '0',
    title: '管理员',
    children: [{ id: '11', parentId: '10', title: '运营' }],
  },
];
const DEPTS = [{ id: '21', parentId: '0', title: '运营部' }];
const POSTS = [{ id: '31', postName: '经理' }];

function server(write: (call: Call) => Answer = () => ok({ id: '5005' })) {
  scriptServer((call) => {
    const path = call.url.split('?')[0];
    if (path === '/api/blade-auth/oauth/public-key') return ok({ pem, captcha: false });
    if (path === '/api/blade-system/role/tree') return ok(ROLES);
    if (path === '/api/blade-system/dept/tree') return ok(DEPTS);
    if (path === '/api/blade-system/post/select') return ok(POSTS);
    if (path === '/api/blade-system/dict/dictionary')
      return ok([
        { dictKey: '1', dictValue: '女' },
        { dictKey: '0', dictValue: '男' },
      ]);
    return call.method === 'POST' ? write(call) : ok(null);
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A field by its label (a required field's label ends in an asterisk). */
const labelled = (label: string) => new RegExp(`^${label}( \\*)?$`);
/** The visible input of a field (a multi-select also labels its list). */
const field = (dialog: HTMLElement, label: string) =>
  within(dialog)
    .getAllByLabelText(labelled(label))
    .find((el): el is HTMLInputElement => el instanceof HTMLInputElement && el.type !== 'hidden')!;
const type = (dialog: HTMLElement, label: string, value: string) =>
  fireEvent.change(field(dialog, label), { target: { value } });

/** Picks `option` in the multi-select labelled `label` (options come from the endpoint). */
async function pick(dialog: HTMLElement, label: string, option: string) {
  fireEvent.click(field(dialog, label));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

async function fillCreate(dialog: HTMLElement, password: string, confirm: string) {
  type(dialog, '登录账号', 'newbie');
  type(dialog, '密码', password);
  type(dialog, '确认密码', confirm);
  type(dialog, '用户姓名', '新人');
  type(dialog, '用户昵称', '小新');
  type(dialog, '手机号码', '13900001111');
  await pick(dialog, '所属角色', '运营');
  await pick(dialog, '所属部门', '运营部');
}

// Filling a dozen Mantine fields under jsdom takes seconds.
describe('UserFormDialog: create', { timeout: 20_000 }, () => {
  it('sends the password RSA-encrypted, never the confirmation, then closes changed', async () => {
    server();
    const onClose = vi.fn();
    renderSignedIn(<UserFormDialog rows={[]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '新增用户' });
    await fillCreate(dialog, 'Abc@1234', 'Abc@1234');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));

    const [submit] = posts();
    expect(submit!.url).toBe('/api/blade-user/submit');
    const body = submit!.body as Record<string, string>;
    expect(body).toMatchObject({
      account: 'newbie',
      realName: '新人',
      name: '小新',
      phone: '13900001111',
      roleId: '11',
      deptId: '21',
    });
    expect(body).not.toHaveProperty('password2');
    expect(body).not.toHaveProperty('id');
    expect(body.password).not.toContain('Abc@1234');
    expect(await decrypt(body.password!)).toBe('Abc@1234');
    expect(await screen.findByText('添加成功')).toBeTruthy();
  });

  it('refuses two different passwords without sending anything, keeping the input', async () => {
    server();
    const onClose = vi.fn();
    renderSignedIn(<UserFormDialog rows={[]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '新增用户' });
    await fillCreate(dialog, 'Abc@1234', 'Abc@12345');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('两次输入的密码不一致')).toBeTruthy();
    expect(posts()).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(field(dialog, '登录账号').value).toBe('newbie');
  });

  it("shows the server's refusal and keeps every field", async () => {
    server(() => fail('当前账号已被使用!'));
    const onClose = vi.fn();
    renderSignedIn(<UserFormDialog rows={[]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '新增用户' });
    await fillCreate(dialog, 'Abc@1234', 'Abc@1234');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    // A refusal of no field is a toast, once (no banner in the dialog besides).
    expect(await screen.findByText('当前账号已被使用!')).toBeTruthy();
    expect(within(dialog).queryByText('当前账号已被使用!')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(field(dialog, '用户姓名').value).toBe('新人');
    expect(field(dialog, '密码').value).toBe('Abc@1234');
  });
});

describe('UserFormDialog: edit', { timeout: 20_000 }, () => {
  it('shows the phone decrypted and updates with id and version, without account or password', async () => {
    const key = newPhoneKey();
    server();
    const onClose = vi.fn();
    const row = userRow({ phone: await encryptPhone('13812345678', key), version: 4 });
    renderSignedIn(<UserFormDialog rows={[row]} onClose={onClose} />, {
      session: { crypto_key: key },
    });
    const dialog = await screen.findByRole('dialog', { name: '编辑用户' });
    const phone = (await within(dialog).findByLabelText(labelled('手机号码'))) as HTMLInputElement;
    expect(phone.value).toBe('13812345678');
    expect(within(dialog).queryByLabelText(labelled('登录账号'))).toBeNull();
    expect(within(dialog).queryByLabelText(labelled('密码'))).toBeNull();
    type(dialog, '用户姓名', '王运营二');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));

    const [update] = posts();
    expect(update!.url).toBe('/api/blade-user/update');
    expect(update!.body).toMatchObject({
      id: '1001',
      version: 4,
      realName: '王运营二',
      phone: '13812345678',
      roleId: '11',
      deptId: '21',
    });
    expect(update!.body).not.toHaveProperty('password');
    expect(update!.body).not.toHaveProperty('account');
    expect(await screen.findByText('修改成功')).toBeTruthy();
  });

  it('leaves a phone this session cannot read out of the update', async () => {
    server();
    const onClose = vi.fn();
    const row = userRow({ phone: await encryptPhone('13812345678', newPhoneKey()) });
    renderSignedIn(<UserFormDialog rows={[row]} onClose={onClose} />, {
      session: { crypto_key: newPhoneKey() },
    });
    const dialog = await screen.findByRole('dialog', { name: '编辑用户' });
    const phone = (await within(dialog).findByLabelText(labelled('手机号码'))) as HTMLInputElement;
    expect(phone.value).toBe('');
    expect(await screen.findByText('当前手机号无法显示；留空则保持不变')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts()[0]!.body).not.toHaveProperty('phone');
  });

  it('keeps the form open on a stale version (409)', async () => {
    server(() => fail('数据已被其他用户修改，请刷新后重试', 409));
    const onClose = vi.fn();
    renderSignedIn(<UserFormDialog rows={[userRow()]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '编辑用户' });
    await within(dialog).findByLabelText(labelled('用户姓名'));
    type(dialog, '用户昵称', '改了');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('数据已被其他用户修改，请刷新后重试')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(field(dialog, '用户昵称').value).toBe('改了');
  });
});
