import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn } from '../../test/signed-in';
import GrantRolesDialog from './grant-roles-dialog';
import {
  calls,
  fail,
  ok,
  posts,
  scriptServer,
  userRow,
  type Answer,
  type Call,
} from './user-dialog-test-harness';

/** blade-system/role/tree as the embedded server answers it (TreeNode). */
const TREE = [
  {
    id: '10',
    parentId: '0',
    title: '管理员',
    children: [
      { id: '11', parentId: '10', title: '运营', children: [] },
      { id: '12', parentId: '10', title: '财务' },
    ],
  },
  { id: '20', parentId: '0', title: '访客' },
];

function server(grant: (call: Call) => Answer = () => ok(null)) {
  scriptServer((call) =>
    call.url.startsWith('/api/blade-system/role/tree') ? ok(TREE) : grant(call),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const box = (dialog: HTMLElement, name: string) =>
  within(dialog).getByRole('checkbox', { name }) as HTMLInputElement;

describe('GrantRolesDialog', () => {
  it("shows the role tree indented, with one user's roles ticked and the first focused", async () => {
    server();
    renderSignedIn(<GrantRolesDialog rows={[userRow({ roleId: '11,20' })]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '角色配置' });
    await within(dialog).findByRole('checkbox', { name: '管理员' });
    expect(within(dialog).getByText('所选用户（1）：王运营')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .map((c) => [
          (c as HTMLInputElement).labels?.[0]?.textContent,
          (c as HTMLInputElement).checked,
        ]),
    ).toEqual([
      ['管理员', false],
      ['运营', true],
      ['财务', false],
      ['访客', true],
    ]);
    // Child roles sit one level in.
    const indent = (name: string) =>
      box(dialog, name).closest<HTMLElement>('.mantine-Checkbox-root')?.style.paddingInlineStart;
    expect(indent('管理员')).toBe('0px');
    expect(indent('财务')).toBe('24px');
    await waitFor(() => expect(document.activeElement).toBe(box(dialog, '管理员')));
    expect(calls.map((c) => c.url)).toEqual(['/api/blade-system/role/tree']);
  });

  it('replaces the roles of every selected user with the ticked ones, then closes changed', async () => {
    server();
    const onClose = vi.fn();
    renderSignedIn(
      <GrantRolesDialog
        rows={[userRow({ id: '1001' }), userRow({ id: '1002', realName: '', account: 'zhao' })]}
        onClose={onClose}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: '角色配置' });
    await within(dialog).findByRole('checkbox', { name: '运营' });
    expect(within(dialog).getByText('所选用户（2）：王运营、zhao')).toBeTruthy();
    // Several users start with nothing ticked.
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .some((c) => (c as HTMLInputElement).checked),
    ).toBe(false);
    fireEvent.click(box(dialog, '访客'));
    fireEvent.click(box(dialog, '运营'));
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    // In tree order, as query parameters (BladeX @RequestParam).
    expect(posts()).toEqual([
      {
        method: 'POST',
        url: '/api/blade-user/grant?userIds=1001,1002&roleIds=11,20',
        body: undefined,
      },
    ]);
    expect(await screen.findByText('角色配置成功')).toBeTruthy();
  });

  it('asks for a role instead of sending none; Enter on a checkbox saves', async () => {
    server();
    const onClose = vi.fn();
    renderSignedIn(<GrantRolesDialog rows={[userRow({ roleId: '' })]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '角色配置' });
    await within(dialog).findByRole('checkbox', { name: '访客' });
    fireEvent.keyDown(box(dialog, '访客'), { key: 'Enter' });
    expect(await within(dialog).findByText('请至少选择一个角色')).toBeTruthy();
    expect(posts()).toEqual([]);

    fireEvent.click(box(dialog, '财务'));
    expect(within(dialog).queryByText('请至少选择一个角色')).toBeNull();
    fireEvent.keyDown(box(dialog, '财务'), { key: 'Enter' });
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts().map((c) => c.url)).toEqual(['/api/blade-user/grant?userIds=1001&roleIds=12']);
  });

  it("shows the server's refusal and keeps the ticks; a retry can succeed", async () => {
    let refuse = true;
    server(() => (refuse ? fail('无权分配超级管理员角色', 403) : ok(null)));
    const onClose = vi.fn();
    renderSignedIn(<GrantRolesDialog rows={[userRow({ roleId: '10' })]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '角色配置' });
    await within(dialog).findByRole('checkbox', { name: '管理员' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('无权分配超级管理员角色')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(box(dialog, '管理员').checked).toBe(true);

    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts()).toHaveLength(2);
  });

  it('drops a role id the tree no longer has, and Cancel closes unchanged', async () => {
    server();
    const onClose = vi.fn();
    renderSignedIn(<GrantRolesDialog rows={[userRow({ roleId: '11,999' })]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '角色配置' });
    await within(dialog).findByRole('checkbox', { name: '运营' });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(posts()[0]!.url).toBe('/api/blade-user/grant?userIds=1001&roleIds=11');

    cleanup();
    const onCancel = vi.fn();
    renderSignedIn(<GrantRolesDialog rows={[userRow()]} onClose={onCancel} />);
    const again = await screen.findByRole('dialog', { name: '角色配置' });
    fireEvent.click(within(again).getByRole('button', { name: '取消' }));
    expect(onCancel).toHaveBeenCalledWith(false);
  });

  it('says when the roles cannot be loaded and retries', async () => {
    let down = true;
    scriptServer(() => (down ? fail('服务器异常', 500) : ok(TREE)));
    renderSignedIn(<GrantRolesDialog rows={[userRow()]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '角色配置' });
    expect(await within(dialog).findByText('角色加载失败')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    down = false;
    fireEvent.click(within(dialog).getByRole('button', { name: '重试' }));
    expect(await within(dialog).findByRole('checkbox', { name: '管理员' })).toBeTruthy();
  });
});
