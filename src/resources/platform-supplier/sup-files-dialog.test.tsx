import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Supplier } from '../../contracts/platform-supplier/sup';
import { fail, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import QualificationFilesDialog, { AgreementFilesDialog } from './sup-files-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const S = '/api/blade-quanyi-platform-supplier/sup';
const sup = { id: 's1', supName: '供应商甲' } as Supplier;
const stored = [
  { attachId: 'att-1', fileName: '营业执照.pdf' },
  { attachId: 'att-2', fileName: '授权书.png' },
];

describe('资质文件 / 协议文件 dialogs', () => {
  it('lists the stored files, removes one and saves the rest as the set, then closes', async () => {
    const calls = scriptFetch((call) => (call.method === 'GET' ? stored : null));
    const onClose = vi.fn();
    renderSignedIn(<QualificationFilesDialog rows={[sup]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '资质文件：供应商甲' });
    expect(await within(dialog).findByText('营业执照.pdf')).toBeTruthy();
    expect(calls[0]!.url).toBe(`${S}/sup-file?supId=s1`);
    fireEvent.click(within(dialog).getByRole('button', { name: '移除 授权书.png' }));
    expect(within(dialog).queryByText('授权书.png')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(false));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: `${S}/sup-file`, body: { supId: 's1', attachIds: ['att-1'] } },
    ]);
  });

  it('keeps the agreement files dialog open on a refusal, said as a toast', async () => {
    scriptFetch((call) => (call.method === 'GET' ? [] : reply(fail(400, '附件不存在'))));
    const onClose = vi.fn();
    renderSignedIn(<AgreementFilesDialog rows={[sup]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '协议文件：供应商甲' });
    expect(await within(dialog).findByText('暂无文件')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('附件不存在')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
