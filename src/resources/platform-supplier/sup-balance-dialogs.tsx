import { Select, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import { SearchSelect } from '../../components/search-select';
import { SUPPLIER_SERVICE } from '../../contracts/business-services';
import { balanceWithinBound, parseYuan } from '../../contracts/money';
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
import { LedgerChangeDialog } from '../ledger-dialogs/change-dialog';
import {
  moneyTyped,
  problemsOf,
  useLedgerSave,
  yuan,
  type FieldProblems,
} from '../ledger-dialogs/ledger-form';
import { LedgerSettingDialog } from '../ledger-dialogs/setting-dialog';
import { PDF_OR_IMAGE, type VoucherRules } from '../ledger-dialogs/voucher';
import { FormDialog } from '../parts/form-dialog';
import type { ActionDialogProps } from '../types';

/**
 * The quota screens' dialogs (issue 18 item 4), on the ledger dialogs both sides share
 * (../ledger-dialogs). Every call that moves money (init, new-record) is sent once with an
 * Idempotency-Key (api/send-once.ts): the button is disabled while it runs and a double click or
 * a repeated Enter sends one request. A refusal shows each refused field at its field (every one
 * the server names, in the console's language), anything else as a toast.
 */

/** Every list of the quota screens: a change reloads them all (the ledger is on all three). */
const QUOTA_SERVICES = [SUP_BALANCE, SUP_GOOD_BALANCE, ALL_BALANCE_RECORD] as const;

interface Supplier {
  id: string;
  supCode?: string;
  supName?: string;
  settlementType?: number | string;
}

/** The problem of a money field (0 or more): over one amount's bound, or not an amount. */
const moneyProblem = (value: string): MessageKey | undefined =>
  overAmountMax(value)
    ? 'supplierQuota.amountTooLarge'
    : moneyFen(value) === undefined
      ? 'supplierQuota.money'
      : undefined;

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
  const [errors, setErrors] = useState<FieldProblems>({});
  const refusal = useRefusal(['supId', 'balance', 'overdraft', 'type', 'warning'], {
    overdraftLimit: 'overdraft',
    warningAmount: 'warning',
    balanceType: 'type',
  });
  const { save, busy } = useLedgerSave(QUOTA_SERVICES, refusal, onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    refusal.clear();
    const found = problemsOf({
      supId: supId ? undefined : 'supplierQuota.init.supplierRequired',
      balance: moneyProblem(balance),
      overdraft: moneyProblem(overdraft || '0'),
      warning: warning !== '' ? moneyProblem(warning) : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    await save(
      {
        path: `${SUP_BALANCE}/init`,
        body: {
          supId,
          balance,
          overdraftLimit: overdraft || '0',
          balanceType: Number(type ?? 1),
          ...(warning !== '' ? { warningAmount: warning } : {}),
        },
      },
      t('supplierQuota.init.done'),
    );
  };
  const err = (name: string) => (errors[name] ? t(errors[name]) : refusal.error(name));

  return (
    <FormDialog
      title={t('supplierQuota.init.title')}
      busy={busy}
      submitLabel={t('supplierQuota.init.submit')}
      cancelLabel={t('supplierQuota.cancel')}
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
        onChange={(e) => setBalance(moneyTyped(e.currentTarget.value))}
        error={err('balance')}
      />
      <TextInput
        label={t('supplierQuota.init.overdraft')}
        inputMode="decimal"
        value={overdraft}
        onChange={(e) => setOverdraft(moneyTyped(e.currentTarget.value))}
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
        onChange={(e) => setWarning(moneyTyped(e.currentTarget.value))}
        error={err('warning')}
      />
    </FormDialog>
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

/** The voucher (sup-file/file-sign). */
const VOUCHER: VoucherRules = {
  url: SUP_FILE_SIGN,
  extensions: BALANCE_FILE_EXTENSIONS,
  maxBytes: BALANCE_FILE_MAX_BYTES,
  accept: PDF_OR_IMAGE,
  texts: {
    fileType: 'supplierQuota.record.fileType',
    fileSize: 'supplierQuota.record.fileSize',
    uploading: 'supplierQuota.record.uploading',
    uploaded: 'supplierQuota.record.uploaded',
  },
};

function RecordDialog({ target, onClose }: { target: Target; onClose(changed?: boolean): void }) {
  const t = useT();
  const current = parseYuan(target.balance ?? 0);
  return (
    <LedgerChangeDialog
      title={t('supplierQuota.record.title', { name: target.name })}
      current={t('supplierQuota.record.current', {
        balance: yuan(target.balance),
        limit: yuan(target.limit),
      })}
      submitLabel={t('supplierQuota.record.submit')}
      cancelLabel={t('supplierQuota.cancel')}
      direction={{
        label: t('supplierQuota.record.type'),
        add: t('supplierQuota.record.add'),
        deduct: t('supplierQuota.record.deduct'),
        field: 'type',
      }}
      amount={{
        field: 'amount',
        label: t('supplierQuota.record.amount'),
        kind: 'money',
        problem: (amount, type) => {
          const fen = positiveFen(amount);
          if (overAmountMax(amount)) return 'supplierQuota.amountTooLarge';
          if (fen === undefined) return 'supplierQuota.record.amountInvalid';
          // The balance the list showed, moved by the amount, must stay in the bound (the server
          // checks the balance it holds: a stale row is refused there, shown at the same field).
          if (current !== undefined && !balanceWithinBound(current + (type === 'add' ? fen : -fen)))
            return 'supplierQuota.record.balanceOutOfRange';
          return undefined;
        },
      }}
      reason={{
        label: t('supplierQuota.record.reason'),
        required: true,
        max: REASON_MAX,
        missing: 'supplierQuota.record.reasonRequired',
        tooLong: 'supplierQuota.record.reasonLong',
      }}
      voucher={{ rules: VOUCHER, label: t('supplierQuota.record.file') }}
      services={QUOTA_SERVICES}
      request={({ direction, amount, reason, attachId }) => ({
        path: `${target.service}/new-record`,
        body: {
          [target.key]: target.id,
          type: direction,
          amount,
          reason,
          ...(attachId ? { attachId } : {}),
        },
      })}
      done={(answer) =>
        t('supplierQuota.record.done', {
          balance: yuan((answer as { balance?: number } | null)?.balance),
        })
      }
      onClose={onClose}
    />
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
  return (
    <LedgerSettingDialog
      title={t('supplierQuota.warn.title', { name })}
      submitLabel={t('supplierQuota.save')}
      cancelLabel={t('supplierQuota.cancel')}
      fields={[
        {
          name: 'warningAmount',
          label: t('supplierQuota.warn.amount'),
          hint: t('supplierQuota.warn.amountHint'),
          kind: 'money',
          initial:
            warningAmount === null || (warningAmount as unknown) === ''
              ? ''
              : String(warningAmount),
          problem: moneyProblem,
        },
        {
          name: 'overdraftLimit',
          label: t('supplierQuota.warn.overdraft'),
          hint: t('supplierQuota.warn.overdraftHint'),
          kind: 'money',
          initial: '',
          problem: moneyProblem,
        },
      ]}
      services={QUOTA_SERVICES}
      request={({ warningAmount: warning = '', overdraftLimit: overdraft = '' }) => ({
        path: `${service}/set-warning`,
        body: {
          id,
          warningAmount: warning,
          ...(overdraft !== '' ? { overdraftLimit: overdraft } : {}),
        },
      })}
      onClose={onClose}
    />
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
  const { save, busy } = useLedgerSave(QUOTA_SERVICES, refusal, onClose);
  if (!row) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    refusal.clear();
    await save({
      path: `${SUP_GOOD_BALANCE}/set-balance-type`,
      body: { goodId: row.goodId, balanceType: Number(type ?? 1) },
    });
  };

  return (
    <FormDialog
      title={t('supplierQuota.type.title', { name: row.goodName })}
      busy={busy}
      submitLabel={t('supplierQuota.save')}
      cancelLabel={t('supplierQuota.cancel')}
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
    </FormDialog>
  );
}
