import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, renderSignedIn } from '../../test/signed-in';
import userResource from './user';
import { calls, scriptServer } from './user-dialog-test-harness';
import UserImportDialog from './user-import-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('UserImportDialog', () => {
  it('is the users toolbar action behind user_import, needing no selection', async () => {
    const action = userResource.toolbarActions?.find((a) => a.id === 'import');
    expect(action).toMatchObject({
      label: { zh: '导入', en: 'Import' },
      permission: 'user_import',
      selection: 'none',
    });
    expect((await action!.dialog!()).default).toBe(UserImportDialog);
  });

  it('imports into blade-user/import-user, overwriting existing accounts when asked', async () => {
    scriptServer(() =>
      ok({
        id: '1',
        status: 'success',
        fileName: 'u.xlsx',
        total: 2,
        created: 1,
        updated: 1,
        failed: 0,
        errors: [],
        resultId: null,
        importTime: '2026-03-01 10:00:00',
      }),
    );
    const onClose = vi.fn();
    renderSignedIn(<UserImportDialog rows={[]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '导入用户' });
    expect(within(dialog).getByText(/一次性密码（仅显示一次）/)).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('switch', { name: '覆盖已有数据' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'u.xlsx')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));
    expect(await within(dialog).findByText('共 2 条：新增 1 条，更新 1 条。')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'POST /api/blade-user/import-user?isCovered=1',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });

  it('saves the template under its Chinese name from blade-user/export-template', async () => {
    scriptServer(() => ({ status: 200, body: 'PK' }));
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderSignedIn(<UserImportDialog rows={[]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '导入用户' });
    fireEvent.click(within(dialog).getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(saved).toEqual(['用户数据模板.xlsx']));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/blade-user/export-template',
    ]);
  });
});
