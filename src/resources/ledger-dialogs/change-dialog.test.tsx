import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MONEY_BOUND_MESSAGES } from '../../contracts/money';
import { langChanged } from '../../state/ui-slice';
import { fail, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { LedgerChangeDialog, type LedgerChangeDialogProps } from './change-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const OUT_OF_RANGE = MONEY_BOUND_MESSAGES.balanceOutOfRange;

/** A change dialog of either kind, its texts plain. */
function dialog(kind: 'money' | 'whole'): LedgerChangeDialogProps {
  return {
    title: 'Change',
    current: 'Now 1',
    submitLabel: 'Send',
    cancelLabel: 'Cancel',
    amount: { field: 'amount', label: 'Amount', kind, problem: () => undefined },
    reason: {
      label: 'Reason',
      required: false,
      max: 200,
      missing: 'appPrepay.reasonRequired',
      tooLong: 'appPrepay.reasonLong',
    },
    services: [],
    request: ({ amount }) => ({ path: 'blade-x/change', body: { amount } }),
    done: () => 'Done',
    onClose: vi.fn(),
  };
}

describe('the ledger change dialog', () => {
  it("puts the server's balance bound refusal, which names no field, at a money amount in either language", async () => {
    scriptFetch(() => reply(fail(400, OUT_OF_RANGE.en)));
    const store = renderSignedIn(<LedgerChangeDialog {...dialog('money')} />);
    act(() => {
      store.dispatch(langChanged('en'));
    });
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const said = await screen.findByText(OUT_OF_RANGE.en);
    expect(said.closest('.mantine-TextInput-root')).toBeTruthy();
    expect(within(screen.getByRole('dialog')).queryByRole('alert')).toBeNull();
  });

  it('leaves it to the toast for a count', async () => {
    scriptFetch(() => reply(fail(400, OUT_OF_RANGE.zh)));
    renderSignedIn(<LedgerChangeDialog {...dialog('whole')} />);
    fireEvent.change(screen.getByRole('textbox', { name: /Amount/ }), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const said = await screen.findByText(OUT_OF_RANGE.zh);
    expect(said.closest('.mantine-TextInput-root')).toBeNull();
  });
});
