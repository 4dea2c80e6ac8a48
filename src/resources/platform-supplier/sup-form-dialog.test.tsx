import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { langChanged } from '../../state/ui-slice';
import { serveInProcess, type InProcessServer } from '../../test/in-process-server';
import { renderSignedIn } from '../../test/signed-in';
import type { Supplier } from '../../contracts/platform-supplier/sup';
import SupFormDialog from './sup-form-dialog';

/**
 * The supplier dialog against the embedded server (issue 25 items 2, 14, 18): the server checks
 * what the form does not (the code's pattern, the phone's), and its refusals come back at their
 * fields, all at once, in the console's language.
 */
let api: InProcessServer;
beforeAll(async () => {
  api = await serveInProcess();
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await api.close();
});
afterEach(cleanup);

/** The toasts on screen that say `text`. */
const toasts = (text: string) =>
  [...document.querySelectorAll('.mantine-Notification-root')].filter((n) =>
    n.textContent?.includes(text),
  );

async function openNew(lang: 'zh' | 'en') {
  const onClose = vi.fn();
  const store = renderSignedIn(<SupFormDialog rows={[]} onClose={onClose} />, {
    session: { access_token: api.token },
  });
  act(() => {
    store.dispatch(langChanged(lang));
  });
  const dialog = await screen.findByRole('dialog', {
    name: lang === 'en' ? 'New Supplier' : '新增供应商',
  });
  return { dialog, onClose };
}

/** Picks `option` in the select labelled `label` (clicks, as a mouse user does). */
async function choose(dialog: HTMLElement, label: RegExp, option: string) {
  fireEvent.click(within(dialog).getByRole('textbox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('supplier form against the server', { timeout: 60_000 }, () => {
  it('opens on its first field and says "leave as is" for the secret only when editing', async () => {
    const { dialog } = await openNew('en');
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    // The focus trap takes the first field, not the header's close button (item 14).
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(within(dialog).queryByText('Leave as is to keep it')).toBeNull();
    cleanup();

    const created = await api.server.post(
      '/api/blade-quanyi-platform-supplier/sup/submit',
      api.token,
      {
        supCode: 'EDIT-HINT',
        supName: '改密钥',
        settlementType: 1,
        supplyType: 1,
        interfaceSecret: 's3cret',
      },
    );
    const { id } = (created.json() as { data: { id: string } }).data;
    const row = (
      (
        await api.server.get('/api/blade-quanyi-platform-supplier/sup/detail', api.token, { id })
      ).json() as { data: Supplier }
    ).data;
    const store = renderSignedIn(<SupFormDialog rows={[row]} onClose={vi.fn()} />, {
      session: { access_token: api.token },
    });
    act(() => {
      store.dispatch(langChanged('en'));
    });
    const edit = await screen.findByRole('dialog', { name: 'Edit Supplier' });
    expect(within(edit).getByText('Leave as is to keep it')).toBeTruthy();
  });

  it('shows every field the server refuses at that field, in English, and no toast', async () => {
    const { dialog, onClose } = await openNew('en');
    const code = within(dialog).getByRole('textbox', { name: /^Code/ });
    fireEvent.change(code, { target: { value: '测试 01' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name/ }), {
      target: { value: '测试供应商' },
    });
    await choose(dialog, /^Settlement/, 'Prepaid');
    await choose(dialog, /^Supply type/, 'Coupon code');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Contact phone/ }), {
      target: { value: '123' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    // Both refusals of one answer, each at its field, in the console's language.
    const codeError = await within(dialog).findByText(
      'The code takes letters, digits, _ and - only',
    );
    const phoneError = within(dialog).getByText('Please enter a valid mobile number');
    expect(code.getAttribute('aria-describedby')).toContain(codeError.id);
    const phone = within(dialog).getByRole('textbox', { name: /^Contact phone/ });
    expect(phone.getAttribute('aria-describedby')).toContain(phoneError.id);
    expect(within(dialog).queryByText(/supCode|供应商编码/)).toBeNull();
    // The first refused field has the focus; nothing is said twice in a toast or banner.
    expect(document.activeElement).toBe(code);
    expect(toasts('The code takes')).toHaveLength(0);
    expect(toasts('mobile number')).toHaveLength(0);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(
      api.calls.filter((c) => c.url.endsWith('/sup/submit') && c.method === 'POST'),
    ).toHaveLength(1);

    // Typing clears a field's refusal; the corrected form saves.
    fireEvent.change(code, { target: { value: 'TEST-01' } });
    expect(within(dialog).queryByText('The code takes letters, digits, _ and - only')).toBeNull();
    fireEvent.change(phone, { target: { value: '13800000000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(await screen.findByText('Added successfully')).toBeTruthy();
  });

  it('shows a refusal the server knows only by saving (a taken code) at its field, in zh', async () => {
    const { dialog } = await openNew('zh');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^供应商编码/ }), {
      target: { value: 'TEST-01' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^供应商名称/ }), {
      target: { value: '重复的' },
    });
    await choose(dialog, /^结算方式/, '预付');
    await choose(dialog, /^供货方式/, '券码');
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await within(dialog).findByText('供应商编码已存在')).toBeTruthy();
    expect(within(dialog).queryByText(/supCode:/)).toBeNull();
    expect(toasts('供应商编码已存在')).toHaveLength(0);
  });
});
