import { Button, Group, Modal, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { SearchSelect } from '../../components/search-select';
import { toast } from '../../components/toast';
import {
  APP_STOCK,
  appStockContract,
  STOCK_CALLS,
  STOCK_MAX,
  STOCK_REASON_MAX,
  type AppStock,
} from '../../contracts/platform-client/app-stock';
import { appStockRecordContract } from '../../contracts/platform-client/app-stock-record';
import type { MessageKey } from '../../i18n';
import { useLang, useT } from '../../state/hooks';
import { referenceSource } from '../contract-fields';
import { useRefusal } from '../engine/form-refusal';
import { useSelectOptions } from '../engine/select-options';
import type { ActionDialogProps } from '../types';

/**
 * 当前库存's dialogs (issue 27 item 6): create a row with its opening quantity, add or deduct,
 * set the warning. Each call is sent once with an Idempotency-Key (api/send-once.ts), the button
 * disabled while it runs; a refusal shows each refused field at its field, the rest as a toast.
 * A change reloads both stock lists (the records are the ledger).
 */

const STOCK_SERVICES = [APP_STOCK, appStockRecordContract.service] as const;
type Errors = Partial<Record<string, MessageKey>>;

/** Digits as typed. */
const digits = (value: string) => value.replace(/[^\d]/g, '');
/** A whole number from min to STOCK_MAX, or undefined. */
function whole(value: string, min: number): number | undefined {
  if (!/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= STOCK_MAX ? n : undefined;
}
const clean = (found: Errors) =>
  Object.fromEntries(Object.entries(found).filter(([, v]) => v)) as Errors;

function useStockPost() {
  const [post] = useIdempotentPostMutation();
  return useSendOnce(
    (arg: { path: string; body: Record<string, unknown> }, idempotencyKey: string) =>
      post({ ...arg, idempotencyKey, services: STOCK_SERVICES }).unwrap(),
  );
}

function Frame(props: {
  title: string;
  busy: boolean;
  submitLabel: string;
  onSubmit(event: FormEvent): void;
  onClose(changed?: boolean): void;
  children: ReactNode;
}) {
  const t = useT();
  const { busy, onClose } = props;
  return (
    <Modal opened onClose={() => !busy && onClose(false)} title={props.title}>
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="md">
          {props.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('appStock.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
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
  const [errors, setErrors] = useState<Errors>({});
  const refusal = useRefusal(['appId', 'productId', 'quantity', 'warnQuantity']);
  const send = useStockPost();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = clean({
      appId: appId ? undefined : 'appStock.appRequired',
      productId: productId ? undefined : 'appStock.productRequired',
      quantity: whole(quantity, 0) === undefined ? 'appStock.quantityInvalid' : undefined,
      warnQuantity:
        warn !== '' && whole(warn, 0) === undefined ? 'appStock.quantityInvalid' : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    refusal.clear();
    const outcome = await send.run({
      path: STOCK_CALLS.submit,
      body: {
        appId,
        productId,
        quantity: Number(quantity),
        ...(warn !== '' ? { warnQuantity: Number(warn) } : {}),
      },
    });
    if (outcome.ok) {
      toast('success', t('messages.added'));
      onClose(true);
    } else if (outcome.error !== undefined) refusal.show(outcome.error, t('errors.submitFailed'));
  };
  const err = (name: string) => (errors[name] ? t(errors[name]) : refusal.error(name));

  return (
    <Frame
      title={t('appStock.create.title')}
      busy={send.busy}
      submitLabel={t('appStock.save')}
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
        onChange={(e) => setQuantity(digits(e.currentTarget.value))}
        error={err('quantity')}
      />
      <TextInput
        label={t('appStock.warn.quantity')}
        description={t('appStock.warn.hint')}
        inputMode="numeric"
        value={warn}
        onChange={(e) => setWarn(digits(e.currentTarget.value))}
        error={err('warnQuantity')}
      />
    </Frame>
  );
}

// ---------------------------------------------------------------- 库存增减

export function ChangeStockDialog({ rows, onClose }: ActionDialogProps<AppStock>) {
  const t = useT();
  const row = rows[0];
  const [direction, setDirection] = useState<'add' | 'deduct'>('add');
  const [quantity, setQuantity] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const refusal = useRefusal(['quantity', 'reason']);
  const send = useStockPost();
  if (!row) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    const found = clean({
      quantity: whole(quantity, 1) === undefined ? 'appStock.change.quantityInvalid' : undefined,
      reason: !text
        ? 'appStock.change.reasonRequired'
        : [...text].length > STOCK_REASON_MAX
          ? 'appStock.change.reasonLong'
          : undefined,
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    refusal.clear();
    const n = Number(quantity);
    const outcome = await send.run({
      path: STOCK_CALLS.change,
      body: { id: row.id, quantity: direction === 'deduct' ? -n : n, reason: text },
    });
    if (outcome.ok) {
      const after = (outcome.value as { quantity?: number } | null)?.quantity ?? 0;
      toast('success', t('appStock.change.done', { quantity: after }));
      onClose(true);
    } else if (outcome.error !== undefined) refusal.show(outcome.error, t('errors.submitFailed'));
  };
  const err = (name: string) => (errors[name] ? t(errors[name]) : refusal.error(name));

  return (
    <Frame
      title={t('appStock.change.title', { app: row.appName, product: row.productName })}
      busy={send.busy}
      submitLabel={t('appStock.change.submit')}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        {t('appStock.current', { quantity: row.quantity })}
      </Text>
      <Radio.Group
        label={t('appStock.change.type')}
        value={direction}
        onChange={(v) => setDirection(v as 'add' | 'deduct')}
        required
      >
        <Group mt="xs">
          <Radio value="add" label={t('appStock.change.add')} data-autofocus />
          <Radio value="deduct" label={t('appStock.change.deduct')} />
        </Group>
      </Radio.Group>
      <TextInput
        label={t('appStock.change.quantity')}
        required
        inputMode="numeric"
        value={quantity}
        onChange={(e) => setQuantity(digits(e.currentTarget.value))}
        error={err('quantity')}
      />
      <Textarea
        label={t('appStock.change.reason')}
        required
        autosize
        minRows={2}
        maxLength={STOCK_REASON_MAX}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={err('reason')}
      />
    </Frame>
  );
}

// ---------------------------------------------------------------- 预警设置

export function WarnStockDialog({ rows, onClose }: ActionDialogProps<AppStock>) {
  const t = useT();
  const row = rows[0];
  const [warn, setWarn] = useState(
    row?.warnQuantity === null || row?.warnQuantity === undefined ? '' : String(row.warnQuantity),
  );
  const [problem, setProblem] = useState<MessageKey>();
  const refusal = useRefusal(['warnQuantity']);
  const send = useStockPost();
  if (!row) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: MessageKey | undefined =
      warn !== '' && whole(warn, 0) === undefined ? 'appStock.quantityInvalid' : undefined;
    setProblem(found);
    if (found) return;
    refusal.clear();
    const outcome = await send.run({
      path: STOCK_CALLS.warn,
      body: { id: row.id, warnQuantity: warn === '' ? null : Number(warn) },
    });
    if (outcome.ok) {
      toast('success', t('messages.updated'));
      onClose(true);
    } else if (outcome.error !== undefined) refusal.show(outcome.error, t('errors.submitFailed'));
  };

  return (
    <Frame
      title={t('appStock.warn.title', { app: row.appName, product: row.productName })}
      busy={send.busy}
      submitLabel={t('appStock.save')}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <TextInput
        label={t('appStock.warn.quantity')}
        description={t('appStock.warn.hint')}
        inputMode="numeric"
        data-autofocus
        value={warn}
        onChange={(e) => setWarn(digits(e.currentTarget.value))}
        error={problem ? t(problem) : refusal.error('warnQuantity')}
      />
    </Frame>
  );
}
