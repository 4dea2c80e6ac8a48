import {
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
import { useResourceOptionsQuery } from '../../api/resource';
import { useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { SearchSelect } from '../../components/search-select';
import { toast } from '../../components/toast';
import { SUPPLIER_SERVICE } from '../../contracts/business-services';
import {
  balanceWithinBound,
  formatMoney,
  MONEY_BOUND_MESSAGES,
  parseYuan,
} from '../../contracts/money';
import {
  BALANCE_FILE_EXTENSIONS,
  BALANCE_FILE_MAX_BYTES,
  BALANCE_TYPES,
  balanceTypeOf,
  moneyFen,
  overAmountMax,
  positiveFen,
  REASON_MAX,
  SUP_BALANCE,
  SUP_BALANCE_RECORD,
  SUP_FILE_SIGN,
  type RecordType,
  type SupBalance,
} from '../../contracts/platform-supplier/sup-balance';
import {
  GOOD_BALANCE_TYPES,
  SUP_GOOD_BALANCE,
  SUP_GOOD_BALANCE_RECORD,
  type SupGoodBalance,
} from '../../contracts/platform-supplier/sup-good-balance';
import { ALL_BALANCE_RECORD } from '../../contracts/platform-supplier/all-balance-record';
import type { MessageKey } from '../../i18n';
import { useLang, useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/**
 * The quota screens' dialogs (issue 18 item 4). Every call that moves money (init, new-record)
 * is sent once with an Idempotency-Key (api/send-once.ts): the button is disabled while it runs
 * and a double click or a repeated Enter sends one request. A refusal shows each refused field at
 * its field (every one the server names, in the console's language), anything else as a toast.
 */

/** Every list of the quota screens: a change reloads them all (the ledger is on all three). */
const QUOTA_SERVICES = [SUP_BALANCE, SUP_GOOD_BALANCE, ALL_BALANCE_RECORD] as const;

interface Supplier {
  id: string;
  supCode?: string;
  supName?: string;
  settlementType?: number | string;
}

/** A money text as the user typed it: '' stays '', anything else only digits and one dot. */
const moneyText = (value: string) => value.replace(/[^\d.]/g, '');

/** The problem of a money field (0 or more): over one amount's bound, or not an amount. */
const moneyProblem = (value: string): MessageKey | undefined =>
  overAmountMax(value)
    ? 'supplierQuota.amountTooLarge'
    : moneyFen(value) === undefined
      ? 'supplierQuota.money'
      : undefined;

/**
 * The server's refusal of a change whose balance after would leave the bound (domain.md "Bounded
 * money") names no field: it is the amount's.
 */
function amountRefusal(error: unknown): unknown {
  const refusal = error as { message?: unknown; fields?: unknown } | undefined;
  const { zh, en } = MONEY_BOUND_MESSAGES.balanceOutOfRange;
  if (refusal && !refusal.fields && (refusal.message === zh || refusal.message === en))
    return { ...refusal, fields: { amount: zh } };
  return error;
}

function DialogFrame({
  title,
  busy,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  busy: boolean;
  submitLabel: string;
  onSubmit(event: FormEvent): void;
  onClose(changed?: boolean): void;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Modal opened onClose={() => !busy && onClose(false)} title={title}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('supplierQuota.cancel')}
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

/** A JSON POST with its Idempotency-Key that reloads the quota lists. */
function useQuotaPost() {
  const [post] = useIdempotentPostMutation();
  return useSendOnce(
    (arg: { path: string; body: Record<string, unknown> }, idempotencyKey: string) =>
      post({ ...arg, idempotencyKey, services: QUOTA_SERVICES }).unwrap(),
  );
}

// ---------------------------------------------------------------- 初始化

/** 初始化: a supplier's balance, once (the server answers 409 for a second one). */
export function InitDialog({ onClose }: ActionDialogProps<SupBalance>) {
  const t = useT();
  const lang = useLang();
  const suppliers = useResourceOptionsQuery({ path: `${SUPPLIER_SERVICE}/sup/list-not-page` });
  const [supId, setSupId] = useState<string | null>(null);
  const [balance, setBalance] = useState('');
  const [overdraft, setOverdraft] = useState('0');
  const [type, setType] = useState<string | null>('1');
  const [warning, setWarning] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, MessageKey>>>({});
  const refusal = useRefusal(['supId', 'balance', 'overdraft', 'type', 'warning'], {
    overdraftLimit: 'overdraft',
    warningAmount: 'warning',
    balanceType: 'type',
  });
  const send = useQuotaPost();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    refusal.clear();
    const found: Partial<Record<string, MessageKey>> = {};
    if (!supId) found.supId = 'supplierQuota.init.supplierRequired';
    found.balance = moneyProblem(balance);
    found.overdraft = moneyProblem(overdraft || '0');
    if (warning !== '') found.warning = moneyProblem(warning);
    for (const name of Object.keys(found)) if (!found[name]) delete found[name];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const outcome = await send.run({
      path: `${SUP_BALANCE}/init`,
      body: {
        supId,
        balance,
        overdraftLimit: overdraft || '0',
        balanceType: Number(type ?? 1),
        ...(warning !== '' ? { warningAmount: warning } : {}),
      },
    });
    if (outcome.ok) {
      toast('success', t('supplierQuota.init.done'));
      onClose(true);
    } else if (outcome.error !== undefined) {
      refusal.show(outcome.error, t('errors.submitFailed'));
    }
  };
  const err = (name: string) => (errors[name] ? t(errors[name]) : refusal.error(name));

  return (
    <DialogFrame
      title={t('supplierQuota.init.title')}
      busy={send.busy}
      submitLabel={t('supplierQuota.init.submit')}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <SearchSelect
        label={t('supplierQuota.init.supplier')}
        required
        data-autofocus
        data={(Array.isArray(suppliers.data) ? (suppliers.data as Supplier[]) : []).map((s) => ({
          value: s.id,
          label: s.supCode ? `${s.supName ?? s.id}（${s.supCode}）` : (s.supName ?? s.id),
        }))}
        value={supId}
        onChange={(id) => {
          setSupId(id);
          // The balance type follows the supplier's settlement (ARCHITECTURE: prepaid or credit).
          const chosen = (Array.isArray(suppliers.data) ? (suppliers.data as Supplier[]) : []).find(
            (s) => s.id === id,
          );
          if (chosen?.settlementType !== undefined)
            setType(String(balanceTypeOf(chosen.settlementType)));
        }}
        error={err('supId')}
      />
      <TextInput
        label={t('supplierQuota.init.balance')}
        required
        inputMode="decimal"
        value={balance}
        onChange={(e) => setBalance(moneyText(e.currentTarget.value))}
        error={err('balance')}
      />
      <TextInput
        label={t('supplierQuota.init.overdraft')}
        inputMode="decimal"
        value={overdraft}
        onChange={(e) => setOverdraft(moneyText(e.currentTarget.value))}
        error={err('overdraft')}
      />
      <Select
        label={t('supplierQuota.init.type')}
        required
        allowDeselect={false}
        data={BALANCE_TYPES.map((o) => ({ value: o.value, label: o.label[lang] }))}
        value={type}
        onChange={setType}
        error={err('type')}
      />
      <TextInput
        label={t('supplierQuota.init.warning')}
        inputMode="decimal"
        value={warning}
        onChange={(e) => setWarning(moneyText(e.currentTarget.value))}
        error={err('warning')}
      />
    </DialogFrame>
  );
}

// ---------------------------------------------------------------- 调整

interface Target {
  /** sup-balance-record or sup-good-balance-record. */
  service: string;
  key: 'supId' | 'goodId';
  id: string;
  name: string;
  balance: number | null;
  limit: number | null;
}

/** The voucher upload (sup-file/file-sign): answers {attachId, fileName}. */
function uploadVoucher(file: File): Promise<{ attachId: string; fileName: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  return apiRequest({
    url: SUP_FILE_SIGN,
    method: 'POST',
    body: form,
    silent: true,
    timeoutMs: 120_000,
  });
}

const fileAllowed = (file: File) =>
  (BALANCE_FILE_EXTENSIONS as readonly string[]).includes(
    file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase(),
  );

function RecordDialog({ target, onClose }: { target: Target; onClose(changed?: boolean): void }) {
  const t = useT();
  const [type, setType] = useState<RecordType>('add');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [attach, setAttach] = useState<{ attachId: string; fileName: string }>();
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<string, MessageKey>>>({});
  const refusal = useRefusal(['type', 'amount', 'reason', 'file'], { attachId: 'file' });
  const send = useQuotaPost();

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setAttach(undefined);
    setErrors((e) => ({ ...e, file: undefined }));
    if (!chosen) return;
    if (!fileAllowed(chosen)) {
      setErrors((e) => ({ ...e, file: 'supplierQuota.record.fileType' }));
      return;
    }
    if (chosen.size > BALANCE_FILE_MAX_BYTES) {
      setErrors((e) => ({ ...e, file: 'supplierQuota.record.fileSize' }));
      return;
    }
    setUploading(true);
    try {
      setAttach(await uploadVoucher(chosen));
    } catch (error) {
      refusal.show(error, t('errors.submitFailed'));
      setFile(null);
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<string, MessageKey>> = {};
    const fen = positiveFen(amount);
    const current = parseYuan(target.balance ?? 0);
    if (overAmountMax(amount)) found.amount = 'supplierQuota.amountTooLarge';
    else if (fen === undefined) found.amount = 'supplierQuota.record.amountInvalid';
    // The balance the list showed, moved by the amount, must stay in the bound (the server checks
    // the balance it holds: a stale row is refused there, shown at the same field).
    else if (current !== undefined && !balanceWithinBound(current + (type === 'add' ? fen : -fen)))
      found.amount = 'supplierQuota.record.balanceOutOfRange';
    const text = reason.trim();
    if (!text) found.reason = 'supplierQuota.record.reasonRequired';
    else if ([...text].length > REASON_MAX) found.reason = 'supplierQuota.record.reasonLong';
    if (errors.file) found.file = errors.file;
    setErrors(found);
    if (Object.keys(found).length > 0 || uploading) return;
    refusal.clear();
    const outcome = await send.run({
      path: `${target.service}/new-record`,
      body: {
        [target.key]: target.id,
        type,
        amount,
        reason: text,
        ...(attach ? { attachId: attach.attachId } : {}),
      },
    });
    if (outcome.ok) {
      const after = (outcome.value as { balance?: number } | null)?.balance;
      toast(
        'success',
        t('supplierQuota.record.done', {
          balance: formatMoney(parseYuan(after ?? 0) ?? 0),
        }),
      );
      onClose(true);
    } else if (outcome.error !== undefined) {
      refusal.show(amountRefusal(outcome.error), t('errors.submitFailed'));
    }
  };
  const err = (name: string) => (errors[name] ? t(errors[name]) : refusal.error(name));
  const yuan = (v: number | null) => formatMoney(parseYuan(v ?? 0) ?? 0);

  return (
    <DialogFrame
      title={t('supplierQuota.record.title', { name: target.name })}
      busy={send.busy || uploading}
      submitLabel={t('supplierQuota.record.submit')}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        {t('supplierQuota.record.current', {
          balance: yuan(target.balance),
          limit: yuan(target.limit),
        })}
      </Text>
      <Radio.Group
        label={t('supplierQuota.record.type')}
        value={type}
        onChange={(v) => setType(v as RecordType)}
        required
        error={err('type')}
      >
        <Group mt="xs">
          <Radio value="add" label={t('supplierQuota.record.add')} data-autofocus />
          <Radio value="deduct" label={t('supplierQuota.record.deduct')} />
        </Group>
      </Radio.Group>
      <TextInput
        label={t('supplierQuota.record.amount')}
        required
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(moneyText(e.currentTarget.value))}
        error={err('amount')}
      />
      <Textarea
        label={t('supplierQuota.record.reason')}
        required
        autosize
        minRows={2}
        maxLength={REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={err('reason')}
      />
      <FileInput
        label={t('supplierQuota.record.file')}
        accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
        clearable
        value={file}
        onChange={(f) => void choose(f)}
        error={err('file')}
        description={
          uploading
            ? t('supplierQuota.record.uploading')
            : attach
              ? t('supplierQuota.record.uploaded', { name: attach.fileName })
              : undefined
        }
      />
    </DialogFrame>
  );
}

export function SupplierRecordDialog({ rows, onClose }: ActionDialogProps<SupBalance>) {
  const row = rows[0];
  if (!row) return null;
  return (
    <RecordDialog
      target={{
        service: SUP_BALANCE_RECORD,
        key: 'supId',
        id: row.supId,
        name: row.supName,
        balance: row.balance,
        limit: row.overdraftLimit,
      }}
      onClose={onClose}
    />
  );
}

export function GoodRecordDialog({ rows, onClose }: ActionDialogProps<SupGoodBalance>) {
  const row = rows[0];
  if (!row) return null;
  return (
    <RecordDialog
      target={{
        service: SUP_GOOD_BALANCE_RECORD,
        key: 'goodId',
        id: row.goodId,
        name: row.goodName,
        balance: row.balance,
        limit: row.overdraftLimit,
      }}
      onClose={onClose}
    />
  );
}

// ---------------------------------------------------------------- 预警设置

function WarnDialog({
  service,
  id,
  name,
  warningAmount,
  onClose,
}: {
  service: string;
  id: string;
  name: string;
  warningAmount: number | null;
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const [warning, setWarning] = useState(
    warningAmount === null || (warningAmount as unknown) === '' ? '' : String(warningAmount),
  );
  const [overdraft, setOverdraft] = useState('');
  const [errors, setErrors] = useState<Partial<Record<string, MessageKey>>>({});
  const refusal = useRefusal(['warning', 'overdraft'], {
    warningAmount: 'warning',
    overdraftLimit: 'overdraft',
  });
  const send = useQuotaPost();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<string, MessageKey>> = {};
    if (warning !== '') found.warning = moneyProblem(warning);
    if (overdraft !== '') found.overdraft = moneyProblem(overdraft);
    for (const name of Object.keys(found)) if (!found[name]) delete found[name];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    refusal.clear();
    const outcome = await send.run({
      path: `${service}/set-warning`,
      body: {
        id,
        warningAmount: warning,
        ...(overdraft !== '' ? { overdraftLimit: overdraft } : {}),
      },
    });
    if (outcome.ok) {
      toast('success', t('messages.updated'));
      onClose(true);
    } else if (outcome.error !== undefined) {
      refusal.show(outcome.error, t('errors.submitFailed'));
    }
  };
  const err = (name: string) => (errors[name] ? t(errors[name]) : refusal.error(name));

  return (
    <DialogFrame
      title={t('supplierQuota.warn.title', { name })}
      busy={send.busy}
      submitLabel={t('supplierQuota.save')}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <TextInput
        label={t('supplierQuota.warn.amount')}
        description={t('supplierQuota.warn.amountHint')}
        inputMode="decimal"
        data-autofocus
        value={warning}
        onChange={(e) => setWarning(moneyText(e.currentTarget.value))}
        error={err('warning')}
      />
      <TextInput
        label={t('supplierQuota.warn.overdraft')}
        description={t('supplierQuota.warn.overdraftHint')}
        inputMode="decimal"
        value={overdraft}
        onChange={(e) => setOverdraft(moneyText(e.currentTarget.value))}
        error={err('overdraft')}
      />
    </DialogFrame>
  );
}

export function SupplierWarnDialog({ rows, onClose }: ActionDialogProps<SupBalance>) {
  const row = rows[0];
  if (!row) return null;
  return (
    <WarnDialog
      service={SUP_BALANCE}
      id={row.id}
      name={row.supName}
      warningAmount={row.warningAmount}
      onClose={onClose}
    />
  );
}

export function GoodWarnDialog({ rows, onClose }: ActionDialogProps<SupGoodBalance>) {
  const row = rows[0];
  if (!row) return null;
  return (
    <WarnDialog
      service={SUP_GOOD_BALANCE}
      id={row.goodId}
      name={row.goodName}
      warningAmount={row.warningAmount}
      onClose={onClose}
    />
  );
}

// ---------------------------------------------------------------- 额度类型

export function GoodTypeDialog({ rows, onClose }: ActionDialogProps<SupGoodBalance>) {
  const t = useT();
  const lang = useLang();
  const row = rows[0];
  const [type, setType] = useState<string | null>(String(row?.balanceType ?? 1));
  const refusal = useRefusal(['balanceType']);
  const send = useQuotaPost();
  if (!row) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    refusal.clear();
    const outcome = await send.run({
      path: `${SUP_GOOD_BALANCE}/set-balance-type`,
      body: { goodId: row.goodId, balanceType: Number(type ?? 1) },
    });
    if (outcome.ok) {
      toast('success', t('messages.updated'));
      onClose(true);
    } else if (outcome.error !== undefined) {
      refusal.show(outcome.error, t('errors.submitFailed'));
    }
  };

  return (
    <DialogFrame
      title={t('supplierQuota.type.title', { name: row.goodName })}
      busy={send.busy}
      submitLabel={t('supplierQuota.save')}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Select
        label={t('supplierQuota.type.label')}
        description={t('supplierQuota.type.hint')}
        allowDeselect={false}
        data-autofocus
        data={GOOD_BALANCE_TYPES.map((o) => ({ value: o.value, label: o.label[lang] }))}
        value={type}
        onChange={setType}
        error={refusal.error('balanceType')}
      />
    </DialogFrame>
  );
}
