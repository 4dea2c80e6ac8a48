import { TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { SearchSelect } from '../../components/search-select';
import {
  APP_STOCK,
  appStockContract,
  STOCK_CALLS,
  STOCK_MAX,
  STOCK_REASON_MAX,
  type AppStock,
} from '../../contracts/platform-client/app-stock';
import { appStockRecordContract } from '../../contracts/platform-client/app-stock-record';
import { useLang, useT } from '../../state/hooks';
import { referenceSource } from '../contract-fields';
import { useRefusal } from '../engine/form-refusal';
import { useSelectOptions } from '../engine/select-options';
import { LedgerChangeDialog } from '../ledger-dialogs/change-dialog';
import {
  digitsTyped,
  problemsOf,
  useLedgerSave,
  type FieldProblems,
} from '../ledger-dialogs/ledger-form';
import { LedgerSettingDialog } from '../ledger-dialogs/setting-dialog';
import { FormDialog } from '../parts/form-dialog';
import type { ActionDialogProps } from '../types';

/**
 * 当前库存's dialogs (issue 27 item 6), on the ledger dialogs the prepay and the supplier quota
 * use too (../ledger-dialogs): create a row with its opening quantity, add or deduct, set the
 * warning. Each call is sent once with an Idempotency-Key (api/send-once.ts), the button
 * disabled while it runs; a refusal shows each refused field at its field, the rest as a toast.
 * A change reloads both stock lists (the records are the ledger).
 */

const STOCK_SERVICES = [APP_STOCK, appStockRecordContract.service] as const;

/** A whole number from min to STOCK_MAX, or undefined. */
function whole(value: string, min: number): number | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= STOCK_MAX ? n : undefined;
}

// ---------------------------------------------------------------- 新增

export function CreateStockDialog({ onClose }: ActionDialogProps<AppStock>) {
  const t = useT();
  const lang = useLang();
  const { fields } = appStockContract;
  const apps = useSelectOptions({ source: referenceSource(fields.appId) }, lang);
  const products = useSelectOptions({ source: referenceSource(fields.productId) }, lang);
  const [appId, setAppId] = useState<string | null>(null);
  const [productId, setProductId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('');
  const [warn, setWarn] = useState('');
  const [errors, setErrors] = useState<FieldProblems>({});
  const refusal = useRefusal(['appId', 'productId', 'quantity', 'warnQuantity']);
  const { save, busy } = useLedgerSave(STOCK_SERVICES, refusal, onClose);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsOf({
      appId: appId ? undefined : 'appStock.appRequired',
      productId: productId ? undefined : 'appStock.productRequired',
      quantity: whole(quantity, 0) === undefined ? 'appStock.quantityInvalid' : undefined,
      warnQuantity:
        warn !== '' && whole(warn, 0) === undefined ? 'appStock.quantityInvalid' : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    refusal.clear();
    await save(
      {
        path: STOCK_CALLS.submit,
        body: {
          appId,
          productId,
          quantity: Number(quantity),
          ...(warn !== '' ? { warnQuantity: Number(warn) } : {}),
        },
      },
      t('messages.added'),
    );
  };
  const err = (name: string) => (errors[name] ? t(errors[name]) : refusal.error(name));

  return (
    <FormDialog
      title={t('appStock.create.title')}
      busy={busy}
      submitLabel={t('appStock.save')}
      cancelLabel={t('appStock.cancel')}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <SearchSelect
        label={fields.appId.label[lang]}
        required
        searchable
        data-autofocus
        data={apps}
        value={appId}
        onChange={setAppId}
        error={err('appId')}
      />
      <SearchSelect
        label={fields.productId.label[lang]}
        required
        searchable
        data={products}
        value={productId}
        onChange={setProductId}
        error={err('productId')}
      />
      <TextInput
        label={t('appStock.create.quantity')}
        required
        inputMode="numeric"
        value={quantity}
        onChange={(e) => setQuantity(digitsTyped(e.currentTarget.value))}
        error={err('quantity')}
      />
      <TextInput
        label={t('appStock.warn.quantity')}
        description={t('appStock.warn.hint')}
        inputMode="numeric"
        value={warn}
        onChange={(e) => setWarn(digitsTyped(e.currentTarget.value))}
        error={err('warnQuantity')}
      />
    </FormDialog>
  );
}

// ---------------------------------------------------------------- 库存增减

export function ChangeStockDialog({ rows, onClose }: ActionDialogProps<AppStock>) {
  const t = useT();
  const row = rows[0];
  if (!row) return null;
  return (
    <LedgerChangeDialog
      title={t('appStock.change.title', { app: row.appName, product: row.productName })}
      current={t('appStock.current', { quantity: row.quantity })}
      submitLabel={t('appStock.change.submit')}
      cancelLabel={t('appStock.cancel')}
      direction={{
        label: t('appStock.change.type'),
        add: t('appStock.change.add'),
        deduct: t('appStock.change.deduct'),
      }}
      amount={{
        field: 'quantity',
        label: t('appStock.change.quantity'),
        kind: 'whole',
        problem: (value) =>
          whole(value, 1) === undefined ? 'appStock.change.quantityInvalid' : undefined,
      }}
      reason={{
        label: t('appStock.change.reason'),
        required: true,
        max: STOCK_REASON_MAX,
        missing: 'appStock.change.reasonRequired',
        tooLong: 'appStock.change.reasonLong',
      }}
      services={STOCK_SERVICES}
      request={({ direction, amount, reason }) => ({
        path: STOCK_CALLS.change,
        body: {
          id: row.id,
          quantity: direction === 'deduct' ? -Number(amount) : Number(amount),
          reason,
        },
      })}
      done={(answer) =>
        t('appStock.change.done', {
          quantity: (answer as { quantity?: number } | null)?.quantity ?? 0,
        })
      }
      onClose={onClose}
    />
  );
}

// ---------------------------------------------------------------- 预警设置

export function WarnStockDialog({ rows, onClose }: ActionDialogProps<AppStock>) {
  const t = useT();
  const row = rows[0];
  if (!row) return null;
  return (
    <LedgerSettingDialog
      title={t('appStock.warn.title', { app: row.appName, product: row.productName })}
      submitLabel={t('appStock.save')}
      cancelLabel={t('appStock.cancel')}
      fields={[
        {
          name: 'warnQuantity',
          label: t('appStock.warn.quantity'),
          hint: t('appStock.warn.hint'),
          kind: 'whole',
          initial:
            row.warnQuantity === null || row.warnQuantity === undefined
              ? ''
              : String(row.warnQuantity),
          problem: (value) =>
            whole(value, 0) === undefined ? 'appStock.quantityInvalid' : undefined,
        },
      ]}
      services={STOCK_SERVICES}
      request={({ warnQuantity: warn = '' }) => ({
        path: STOCK_CALLS.warn,
        body: { id: row.id, warnQuantity: warn === '' ? null : Number(warn) },
      })}
      onClose={onClose}
    />
  );
}
