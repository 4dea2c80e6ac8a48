import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { apiRequest } from '../../api/client';
import { useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import {
  AMOUNT_MAX_FEN,
  formatMoney,
  MONEY_BOUND_MESSAGES,
  parseYuan,
  parseYuanOrOver,
} from '../../contracts/money';
import {
  APP_PREPAY,
  moneyFen,
  positiveFen,
  PREPAY_FILE_SIGN,
  PREPAY_TYPES,
  REASON_MAX,
  VOUCHER_EXTENSIONS,
  VOUCHER_MAX_BYTES,
  type AppPrepay,
} from '../../contracts/platform-client/app-prepay';
import { PREPAY_ORDER } from '../../contracts/platform-client/prepay-order';
import type { MessageKey } from '../../i18n';
import { useLang, useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/**
 * The prepay screens' dialogs (issue 27 item 2), as the supplier quota's (sup-balance-dialogs):
 * every call is sent once with an Idempotency-Key (api/send-once.ts), the button disabled while
 * it runs, so a double click or a repeated Enter sends one request; a refusal shows each refused
 * field at its field, anything else as a toast.
 */

/** A change reloads both prepay screens and the prepay orders (the ledger is on all of them). */
const PREPAY_SERVICES = [APP_PREPAY, PREPAY_ORDER] as const;
type Errors = Partial<Record<string, MessageKey>>;

/** A money text as typed: digits and one dot only. */
const moneyText = (value: string) => value.replace(/[^\d.]/g, '');
const yuan = (v: number | null | undefined) => formatMoney(parseYuan(v ?? 0) ?? 0);
const tooLarge = (value: string) => (parseYuanOrOver(value) ?? 0) > AMOUNT_MAX_FEN;

/** The amount's problem: over one amount's bound, or not an amount above 0. */
const amountProblem = (value: string): MessageKey | undefined =>
  tooLarge(value)
    ? 'appPrepay.amountTooLarge'
    : positiveFen(value) === undefined
      ? 'appPrepay.amountInvalid'
      : undefined;

/** A change past the balance bound names no field: it is the amount's. */
function amountRefusal(error: unknown): unknown {
  const refusal = error as { message?: unknown; fields?: unknown } | undefined;
  const { zh } = MONEY_BOUND_MESSAGES.balanceOutOfRange;
  if (refusal && !refusal.fields && refusal.message === zh)
    return { ...refusal, fields: { amount: zh } };
  return error;
}

function DialogFrame(props: {
  title: string;
  busy: boolean;
  submitLabel: string;
  onSubmit(event: FormEvent): void;
  onClose(changed?: boolean): void;
  children: ReactNode;
}) {
  const t = useT();
  const { title, busy, submitLabel, onSubmit, onClose, children } = props;
  return (
    <Modal opened onClose={() => !busy && onClose(false)} title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('appPrepay.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A JSON POST with its Idempotency-Key that reloads the prepay lists. */
function usePrepayPost() {
  const [post] = useIdempotentPostMutation();
  return useSendOnce(
    (arg: { path: string; body: Record<string, unknown> }, idempotencyKey: string) =>
      post({ ...arg, idempotencyKey, services: PREPAY_SERVICES }).unwrap(),
  );
}

type Voucher = { attachId: string; fileName: string };

/** The voucher field: checked by type and size here, uploaded (prepay-file/file-sign) when chosen. */
function useVoucher(onRefused: (error: unknown) => void) {
  const [file, setFile] = useState<File | null>(null);
  const [attach, setAttach] = useState<Voucher>();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<MessageKey>();
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setAttach(undefined);
    setProblem(undefined);
    if (!chosen) return;
    const extension = chosen.name.slice(chosen.name.lastIndexOf('.') + 1).toLowerCase();
    if (!(VOUCHER_EXTENSIONS as readonly string[]).includes(extension))
      return setProblem('appPrepay.fileType');
    if (chosen.size > VOUCHER_MAX_BYTES) return setProblem('appPrepay.fileSize');
    const form = new FormData();
    form.append('file', chosen, chosen.name);
    setUploading(true);
    try {
      setAttach(
        await apiRequest<Voucher>({
          url: PREPAY_FILE_SIGN,
          method: 'POST',
          body: form,
          silent: true,
          timeoutMs: 120_000,
        }),
      );
    } catch (error) {
      onRefused(error);
      setFile(null);
    } finally {
      setUploading(false);
    }
  };
  return { file, attach, uploading, problem, choose };
}

function VoucherInput(props: {
  label: string;
  required?: boolean;
  voucher: ReturnType<typeof useVoucher>;
  error: ReactNode;
}) {
  const t = useT();
  const { voucher } = props;
  return (
    <FileInput
      label={props.label}
      required={props.required}
      accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
      clearable
      value={voucher.file}
      onChange={(f) => void voucher.choose(f)}
      error={props.error}
      description={
        voucher.uploading
          ? t('appPrepay.uploading')
          : voucher.attach
            ? t('appPrepay.uploaded', { name: voucher.attach.fileName })
            : undefined
      }
    />
  );
}

// ---------------------------------------------------------------- 预存充值 / 余额调整

function MoneyDialog({
  row,
  kind,
  onClose,
}: {
  row: AppPrepay;
  kind: 'topup' | 'adjust';
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const [direction, setDirection] = useState<'add' | 'deduct'>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState<number>();
  const refusal = useRefusal(['amount', 'reason', 'file'], { attachId: 'file' });
  const voucher = useVoucher((error) => refusal.show(error, t('errors.submitFailed')));
  const send = usePrepayPost();
  const topup = kind === 'topup';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = { amount: amountProblem(amount) };
    const text = reason.trim();
    if (!topup && !text) found.reason = 'appPrepay.reasonRequired';
    else if ([...text].length > REASON_MAX) found.reason = 'appPrepay.reasonLong';
    found.file =
      voucher.problem ?? (topup && !voucher.attach ? 'appPrepay.topup.voucherRequired' : undefined);
    for (const name of Object.keys(found)) if (!found[name]) delete found[name];
    setErrors(found);
    if (Object.keys(found).length > 0 || voucher.uploading) return;
    refusal.clear();
    const outcome = await send.run({
      path: `${APP_PREPAY}/${topup ? 'addRecord' : 'saveRecord'}`,
      body: {
        appId: row.appId,
        amount: !topup && direction === 'deduct' ? `-${amount}` : amount,
        ...(text ? { reason: text } : {}),
        ...(voucher.attach ? { attachId: voucher.attach.attachId } : {}),
      },
    });
    if (outcome.ok) {
      const after = (outcome.value as { balance?: number } | null)?.balance ?? 0;
      toast(
        'success',
        t(topup ? 'appPrepay.topup.done' : 'appPrepay.adjust.done', { balance: yuan(after) }),
      );
      setDone(after);
    } else if (outcome.error !== undefined) {
      refusal.show(amountRefusal(outcome.error), t('errors.submitFailed'));
    }
  };
  const err = (name: string) => (errors[name] ? t(errors[name]) : refusal.error(name));

  if (done !== undefined)
    return (
      <Modal
        opened
        onClose={() => onClose(true)}
        title={t(`appPrepay.${kind}.title`, { name: row.appName })}
      >
        <Stack gap="md">
          <Alert color="green" role="status">
            {t(topup ? 'appPrepay.topup.done' : 'appPrepay.adjust.done', { balance: yuan(done) })}
          </Alert>
          <Group justify="flex-end">
            <Button data-autofocus onClick={() => onClose(true)}>
              {t('appPrepay.close')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    );

  return (
    <DialogFrame
      title={t(`appPrepay.${kind}.title`, { name: row.appName })}
      busy={send.busy || voucher.uploading}
      submitLabel={t(`appPrepay.${kind}.submit`)}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        {t('appPrepay.current', {
          balance: yuan(row.balance),
          limit: yuan(row.creditLimit),
          available: yuan(row.available),
        })}
      </Text>
      {!topup && (
        <Radio.Group
          label={t('appPrepay.adjust.type')}
          value={direction}
          onChange={(v) => setDirection(v as 'add' | 'deduct')}
          required
        >
          <Group mt="xs">
            <Radio value="add" label={t('appPrepay.adjust.add')} data-autofocus />
            <Radio value="deduct" label={t('appPrepay.adjust.deduct')} />
          </Group>
        </Radio.Group>
      )}
      <TextInput
        label={t(topup ? 'appPrepay.topup.amount' : 'appPrepay.adjust.amount')}
        required
        inputMode="decimal"
        data-autofocus={topup || undefined}
        value={amount}
        onChange={(e) => setAmount(moneyText(e.currentTarget.value))}
        error={err('amount')}
      />
      <Textarea
        label={t(topup ? 'appPrepay.topup.reason' : 'appPrepay.adjust.reason')}
        description={topup ? t('appPrepay.topup.reasonHint') : undefined}
        required={!topup}
        autosize
        minRows={2}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={err('reason')}
      />
      <VoucherInput
        label={t(topup ? 'appPrepay.topup.voucher' : 'appPrepay.adjust.voucher')}
        required={topup}
        voucher={voucher}
        error={voucher.problem ? t(voucher.problem) : err('file')}
      />
    </DialogFrame>
  );
}

export function TopUpDialog({ rows, onClose }: ActionDialogProps<AppPrepay>) {
  return rows[0] ? <MoneyDialog row={rows[0]} kind="topup" onClose={onClose} /> : null;
}

export function AdjustDialog({ rows, onClose }: ActionDialogProps<AppPrepay>) {
  return rows[0] ? <MoneyDialog row={rows[0]} kind="adjust" onClose={onClose} /> : null;
}

// ---------------------------------------------------------------- 预警设置

export function WarnDialog({ rows, onClose }: ActionDialogProps<AppPrepay>) {
  const t = useT();
  const row = rows[0];
  const [warning, setWarning] = useState(
    row?.warningAmount === null || row?.warningAmount === undefined
      ? ''
      : String(row.warningAmount),
  );
  const [problem, setProblem] = useState<MessageKey>();
  const refusal = useRefusal(['warningAmount']);
  const send = usePrepayPost();
  if (!row) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: MessageKey | undefined =
      warning === ''
        ? undefined
        : tooLarge(warning)
          ? 'appPrepay.amountTooLarge'
          : moneyFen(warning) === undefined
            ? 'appPrepay.warn.money'
            : undefined;
    setProblem(found);
    if (found) return;
    refusal.clear();
    const outcome = await send.run({
      path: `${APP_PREPAY}/updateWarning`,
      body: { id: row.id, warningAmount: warning === '' ? null : warning },
    });
    if (outcome.ok) {
      toast('success', t('messages.updated'));
      onClose(true);
    } else if (outcome.error !== undefined) refusal.show(outcome.error, t('errors.submitFailed'));
  };

  return (
    <DialogFrame
      title={t('appPrepay.warn.title', { name: row.appName })}
      busy={send.busy}
      submitLabel={t('appPrepay.save')}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <TextInput
        label={t('appPrepay.warn.amount')}
        description={t('appPrepay.warn.hint')}
        inputMode="decimal"
        data-autofocus
        value={warning}
        onChange={(e) => setWarning(moneyText(e.currentTarget.value))}
        error={problem ? t(problem) : refusal.error('warningAmount')}
      />
    </DialogFrame>
  );
}

// ---------------------------------------------------------------- 预存类型

export function TypeDialog({ rows, onClose }: ActionDialogProps<AppPrepay>) {
  const t = useT();
  const lang = useLang();
  const row = rows[0];
  const [type, setType] = useState<string | null>(String(row?.prepayType ?? 1));
  const [limit, setLimit] = useState(row && row.creditLimit > 0 ? String(row.creditLimit) : '');
  const [problem, setProblem] = useState<MessageKey>();
  const refusal = useRefusal(['prepayType', 'creditLimit']);
  const send = usePrepayPost();
  if (!row) return null;
  const credit = type === '2';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: MessageKey | undefined = !credit
      ? undefined
      : tooLarge(limit)
        ? 'appPrepay.amountTooLarge'
        : positiveFen(limit) === undefined
          ? 'appPrepay.type.limitRequired'
          : undefined;
    setProblem(found);
    if (found) return;
    refusal.clear();
    const outcome = await send.run({
      path: `${APP_PREPAY}/updatePrepayType`,
      body: { id: row.id, prepayType: Number(type ?? 1), creditLimit: credit ? limit : 0 },
    });
    if (outcome.ok) {
      toast('success', t('messages.updated'));
      onClose(true);
    } else if (outcome.error !== undefined) refusal.show(outcome.error, t('errors.submitFailed'));
  };

  return (
    <DialogFrame
      title={t('appPrepay.type.title', { name: row.appName })}
      busy={send.busy}
      submitLabel={t('appPrepay.save')}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Select
        label={t('appPrepay.type.label')}
        allowDeselect={false}
        data-autofocus
        data={Object.entries(PREPAY_TYPES).map(([value, label]) => ({ value, label: label[lang] }))}
        value={type}
        onChange={setType}
        error={refusal.error('prepayType')}
      />
      {credit && (
        <TextInput
          label={t('appPrepay.type.limit')}
          description={t('appPrepay.type.limitHint')}
          required
          inputMode="decimal"
          value={limit}
          onChange={(e) => setLimit(moneyText(e.currentTarget.value))}
          error={problem ? t(problem) : refusal.error('creditLimit')}
        />
      )}
    </DialogFrame>
  );
}
