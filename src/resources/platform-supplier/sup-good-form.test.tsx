import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { langChanged } from '../../state/ui-slice';
import { serveInProcess, type InProcessServer } from '../../test/in-process-server';
import { renderSignedIn } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import supGood from './sup-good';

/**
 * The goods screen's new-record form against the embedded server (issue 25 items 2 and 14): N
 * opens it on its first field, the supplier select filters as one types and Enter picks only a
 * highlighted match, and the server's refusal of the cost price is shown at that field.
 */
let api: InProcessServer;
beforeAll(async () => {
  giveTableAViewport();
  api = await serveInProcess();
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await api.close();
});
afterEach(cleanup);

const HELD = ['supplier_goods', 'supplier_goods_add', 'supplier_goods_edit'];
const submits = () => api.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/submit'));

async function openNewGood() {
  window.history.replaceState(null, '', supGood.route);
  const store = renderSignedIn(
    <ResourceScreen def={supGood as unknown as ResourceScreenProps['def']} />,
    { session: { access_token: api.token }, permissions: HELD },
  );
  act(() => {
    store.dispatch(langChanged('en'));
  });
  await screen.findAllByText('星巴克（中国）权益服务', {}, { timeout: 15_000 });
  // N: the list's new-record key.
  fireEvent.keyDown(document.body, { key: 'n', code: 'KeyN' });
  // The form's code loads when it first opens.
  return screen.findByRole('dialog', { name: 'New Goods' }, { timeout: 15_000 });
}

describe('the goods form', { timeout: 60_000 }, () => {
  it('opens with N on its first field; the supplier select filters and Enter picks only a highlighted match', async () => {
    const dialog = await openNewGood();
    const supplier = within(dialog).getByRole('textbox', { name: /^Supplier/ });
    // The first field has the focus, not the dialog's close button.
    await waitFor(() => expect(document.activeElement).toBe(supplier));

    // Typing filters and highlights the first match: Enter picks it.
    fireEvent.change(supplier, { target: { value: '瑞幸' } });
    expect(await screen.findByRole('option', { name: '瑞幸咖啡数字券' })).toBeTruthy();
    expect(screen.queryByRole('option', { name: '星巴克（中国）权益服务' })).toBeNull();
    fireEvent.keyDown(supplier, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect((supplier as HTMLInputElement).value).toBe('瑞幸咖啡数字券'));

    // The rest of the form is valid: Enter would save it.
    const type = (name: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    type(/^Code/, 'G-KEYS-1');
    type(/^Name/, '键盘券');
    fireEvent.click(within(dialog).getByRole('textbox', { name: /^Type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Coupon code' }));
    type(/^Face value/, '30');
    type(/^Cost price/, '20');

    // A search that matches nothing, then Enter: nothing is picked and nothing is saved under
    // the supplier chosen before.
    supplier.focus();
    fireEvent.change(supplier, { target: { value: '测试' } });
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    const enter = fireEvent.keyDown(supplier, { key: 'Enter', code: 'Enter' });
    expect(enter).toBe(false); // the form's implicit submit is stopped
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(submits()).toHaveLength(0);
  });

  it("shows the server's refusal of the cost price at that field, in English", async () => {
    const dialog = await openNewGood();
    const supplier = within(dialog).getByRole('textbox', { name: /^Supplier/ });
    fireEvent.change(supplier, { target: { value: '星巴克' } });
    fireEvent.keyDown(supplier, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect((supplier as HTMLInputElement).value).toContain('星巴克'));
    const type = (name: RegExp, value: string) =>
      fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
    type(/^Code/, 'G-COST-1');
    type(/^Name/, '贵的券');
    fireEvent.click(within(dialog).getByRole('textbox', { name: /^Type/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Coupon code' }));
    type(/^Face value/, '30');
    type(/^Cost price/, '31');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await within(dialog).findByText('The cost price may not be above the face value');
    const cost = within(dialog).getByRole('textbox', { name: /^Cost price/ });
    expect(cost.getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(cost);
    expect(within(dialog).queryByText(/costPrice|成本价/)).toBeNull();
  });
});
