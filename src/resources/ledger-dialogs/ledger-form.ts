import { useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import { formatMoney, MONEY_BOUND_MESSAGES, parseYuan } from '../../contracts/money';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';

/**
 * What the ledger dialogs of both sides share (the supplier's quota, the client's prepay and app
 * stock): the send-once post, what a money or count field keeps of what is typed, and how a
 * refusal finds its field.
 */

/** The problems the dialog found, by field: a field without one is absent. */
export type FieldProblems = Partial<Record<string, MessageKey>>;

/** The problems that are there (a check that passed gives undefined). */
export const problemsOf = (found: FieldProblems): FieldProblems =>
  Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as FieldProblems;

/** A money text as typed: '' stays '', anything else only digits and dots. */
export const moneyTyped = (value: string) => value.replace(/[^\d.]/g, '');

/** A count as typed: digits only. */
export const digitsTyped = (value: string) => value.replace(/[^\d]/g, '');

/** A yuan amount of the wire as the dialogs show it ('1,234.50'). */
export const yuan = (value: number | null | undefined) => formatMoney(parseYuan(value ?? 0) ?? 0);

/**
 * A JSON POST with its Idempotency-Key (api/send-once.ts): the button is disabled while it runs
 * and a double click or a repeated Enter sends one request; a success reloads `services`' lists.
 */
export function useLedgerPost(services: readonly string[]) {
  const [post] = useIdempotentPostMutation();
  return useSendOnce(
    (arg: { path: string; body: Record<string, unknown> }, idempotencyKey: string) =>
      post({ ...arg, idempotencyKey, services }).unwrap(),
  );
}

/**
 * A settings call of a ledger dialog, sent once (useLedgerPost): on success `done` is said
 * (default 'updated') and the dialog closes as changed; a refusal goes to `refusal` (each refused
 * field at its field, the rest as a toast).
 */
export function useLedgerSave(
  services: readonly string[],
  refusal: { show(error: unknown, fallback: string): void },
  onClose: (changed?: boolean) => void,
) {
  const t = useT();
  const send = useLedgerPost(services);
  const save = async (call: { path: string; body: Record<string, unknown> }, done?: string) => {
    const outcome = await send.run(call);
    if (outcome.ok) {
      toast('success', done ?? t('messages.updated'));
      onClose(true);
    } else if (outcome.error !== undefined) refusal.show(outcome.error, t('errors.submitFailed'));
  };
  return { save, busy: send.busy };
}

/**
 * The server's refusal of a change whose balance after would leave the bound (domain.md "Bounded
 * money") names no field: it is the amount's (`field`), in either language.
 */
export function boundRefusalAt(error: unknown, field: string): unknown {
  const refusal = error as { message?: unknown; fields?: unknown } | undefined;
  const { zh, en } = MONEY_BOUND_MESSAGES.balanceOutOfRange;
  if (refusal && !refusal.fields && (refusal.message === zh || refusal.message === en))
    return { ...refusal, fields: { [field]: zh } };
  return error;
}
