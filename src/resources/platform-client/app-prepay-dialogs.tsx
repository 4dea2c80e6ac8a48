import { Select, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { AMOUNT_MAX_FEN, parseYuanOrOver } from '../../contracts/money';
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
import { LedgerChangeDialog } from '../ledger-dialogs/change-dialog';
import { moneyTyped, useLedgerSave, yuan } from '../ledger-dialogs/ledger-form';
import { LedgerSettingDialog } from '../ledger-dialogs/setting-dialog';
import { PDF_OR_IMAGE, type VoucherRules } from '../ledger-dialogs/voucher';
import { FormDialog } from '../parts/form-dialog';
import type { ActionDialogProps } from '../types';

/**
 * The prepay screens' dialogs (issue 27 item 2), on the ledger dialogs the supplier quota's use
 * too (../ledger-dialogs): every call is sent once with an Idempotency-Key (api/send-once.ts),
 * the button disabled while it runs, so a double click or a repeated Enter sends one request; a
 * refusal shows each refused field at its field, anything else as a toast.
 */

/** A change reloads both prepay screens and the prepay orders (the ledger is on all of them). */
const PREPAY_SERVICES = [APP_PREPAY, PREPAY_ORDER] as const;

const tooLarge = (value: string) => (parseYuanOrOver(value) ?? 0) > AMOUNT_MAX_FEN;

/** The voucher (prepay-file/file-sign). */
const VOUCHER: VoucherRules = {
  url: PREPAY_FILE_SIGN,
  extensions: VOUCHER_EXTENSIONS,
  maxBytes: VOUCHER_MAX_BYTES,
  accept: PDF_OR_IMAGE,
  texts: {
    fileType: 'appPrepay.fileType',
    fileSize: 'appPrepay.fileSize',
    uploading: 'appPrepay.uploading',
    uploaded: 'appPrepay.uploaded',
  },
};

// ---------------------------------------------------------------- 预存充值 / 余额调整

/**
 * 充值 (addRecord: a voucher is required, the reason is not) and 调整 (saveRecord: add or
 * deduct, a deduction sent as a negative amount, with its reason). After the change the dialog
 * shows the balance after until it is closed.
 */
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
  const topup = kind === 'topup';
  return (
    <LedgerChangeDialog
      title={t(`appPrepay.${kind}.title`, { name: row.appName })}
      current={t('appPrepay.current', {
        balance: yuan(row.balance),
        limit: yuan(row.creditLimit),
        available: yuan(row.available),
      })}
      submitLabel={t(`appPrepay.${kind}.submit`)}
      cancelLabel={t('appPrepay.cancel')}
      direction={
        topup
          ? undefined
          : {
              label: t('appPrepay.adjust.type'),
              add: t('appPrepay.adjust.add'),
              deduct: t('appPrepay.adjust.deduct'),
            }
      }
      amount={{
        field: 'amount',
        label: t(`appPrepay.${kind}.amount`),
        kind: 'money',
        problem: (value) =>
          tooLarge(value)
            ? 'appPrepay.amountTooLarge'
            : positiveFen(value) === undefined
              ? 'appPrepay.amountInvalid'
              : undefined,
      }}
      reason={{
        label: t(`appPrepay.${kind}.reason`),
        hint: topup ? t('appPrepay.topup.reasonHint') : undefined,
        required: !topup,
        max: REASON_MAX,
        missing: 'appPrepay.reasonRequired',
        tooLong: 'appPrepay.reasonLong',
      }}
      voucher={{
        rules: VOUCHER,
        label: t(`appPrepay.${kind}.voucher`),
        missing: topup ? 'appPrepay.topup.voucherRequired' : undefined,
      }}
      services={PREPAY_SERVICES}
      request={({ direction, amount, reason, attachId }) => ({
        path: `${APP_PREPAY}/${topup ? 'addRecord' : 'saveRecord'}`,
        body: {
          appId: row.appId,
          amount: direction === 'deduct' ? `-${amount}` : amount,
          ...(reason ? { reason } : {}),
          ...(attachId ? { attachId } : {}),
        },
      })}
      done={(answer) =>
        t(`appPrepay.${kind}.done`, {
          balance: yuan((answer as { balance?: number } | null)?.balance),
        })
      }
      closeLabel={t('appPrepay.close')}
      onClose={onClose}
    />
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
  if (!row) return null;
  return (
    <LedgerSettingDialog
      title={t('appPrepay.warn.title', { name: row.appName })}
      submitLabel={t('appPrepay.save')}
      cancelLabel={t('appPrepay.cancel')}
      fields={[
        {
          name: 'warningAmount',
          label: t('appPrepay.warn.amount'),
          hint: t('appPrepay.warn.hint'),
          kind: 'money',
          initial:
            row.warningAmount === null || row.warningAmount === undefined
              ? ''
              : String(row.warningAmount),
          problem: (value) =>
            tooLarge(value)
              ? 'appPrepay.amountTooLarge'
              : moneyFen(value) === undefined
                ? 'appPrepay.warn.money'
                : undefined,
        },
      ]}
      services={PREPAY_SERVICES}
      request={({ warningAmount: warning = '' }) => ({
        path: `${APP_PREPAY}/updateWarning`,
        body: { id: row.id, warningAmount: warning === '' ? null : warning },
      })}
      onClose={onClose}
    />
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
  const { save, busy } = useLedgerSave(PREPAY_SERVICES, refusal, onClose);
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
    await save({
      path: `${APP_PREPAY}/updatePrepayType`,
      body: { id: row.id, prepayType: Number(type ?? 1), creditLimit: credit ? limit : 0 },
    });
  };

  return (
    <FormDialog
      title={t('appPrepay.type.title', { name: row.appName })}
      busy={busy}
      submitLabel={t('appPrepay.save')}
      cancelLabel={t('appPrepay.cancel')}
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
          onChange={(e) => setLimit(moneyTyped(e.currentTarget.value))}
          error={problem ? t(problem) : refusal.error('creditLimit')}
        />
      )}
    </FormDialog>
  );
}
