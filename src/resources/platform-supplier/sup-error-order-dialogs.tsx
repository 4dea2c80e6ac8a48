import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { serviceOf, useResourceOptionsQuery } from '../../api/resource';
import { useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import {
  EMAIL_ADDRESS_PATTERN,
  MOBILE_PATTERN,
} from '../../contracts/platform-supplier/enterprise-register';
import {
  SUP_ERROR_ORDER,
  WARNING_ERROR_ORDER,
  WARNING_GET,
  type ErrorOrderWarningState,
  type SupErrorOrder,
} from '../../contracts/platform-supplier/sup-error-order';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';
import { SendOnceDialog } from './sup-order-dialogs';

type Call = 'audit' | 'reissue' | 'resend' | 'cancel';

const KEYS: Record<Call, { title: MessageKey; confirm: MessageKey; done: MessageKey }> = {
  audit: {
    title: 'supplierOrders.error.audit.title',
    confirm: 'supplierOrders.error.remark',
    done: 'supplierOrders.error.audit.done',
  },
  reissue: {
    title: 'supplierOrders.error.reissue.title',
    confirm: 'supplierOrders.error.reissue.confirm',
    done: 'supplierOrders.error.reissue.done',
  },
  resend: {
    title: 'supplierOrders.error.resend.title',
    confirm: 'supplierOrders.error.resend.confirm',
    done: 'supplierOrders.error.resend.done',
  },
  cancel: {
    title: 'supplierOrders.error.cancel.title',
    confirm: 'supplierOrders.error.cancel.confirm',
    done: 'supplierOrders.error.cancel.done',
  },
};

function ErrorOrderDialog({
  rows,
  onClose,
  call,
}: ActionDialogProps<SupErrorOrder> & { call: Call }) {
  const t = useT();
  const row = rows[0];
  if (!row) return null;
  const keys = KEYS[call];
  return (
    <SendOnceDialog
      title={t(keys.title, { orderNo: row.orderNo })}
      message={call === 'audit' ? '' : t(keys.confirm)}
      path={`${SUP_ERROR_ORDER}/${call}`}
      body={{ id: row.id }}
      done={t(keys.done)}
      remark={call === 'audit' || call === 'cancel'}
      confirmColor={call === 'cancel' ? 'red' : undefined}
      onClose={onClose}
    />
  );
}

export const AuditDialog = (p: ActionDialogProps<SupErrorOrder>) => (
  <ErrorOrderDialog {...p} call="audit" />
);
export const ReissueDialog = (p: ActionDialogProps<SupErrorOrder>) => (
  <ErrorOrderDialog {...p} call="reissue" />
);
export const ResendDialog = (p: ActionDialogProps<SupErrorOrder>) => (
  <ErrorOrderDialog {...p} call="resend" />
);
export const CancelDialog = (p: ActionDialogProps<SupErrorOrder>) => (
  <ErrorOrderDialog {...p} call="cancel" />
);

const lines = (text: string) =>
  text
    .split(/[\n,，;；\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

type WarnErrors = Partial<Record<'threshold' | 'phones' | 'emails', string>>;

/** 预警设置: whether to warn, at how many open error orders, and whom to notify. */
export function WarningDialog({ onClose }: ActionDialogProps<SupErrorOrder>) {
  const t = useT();
  const answer = useResourceOptionsQuery(
    { path: WARNING_GET },
    { refetchOnMountOrArgChange: true },
  );
  const loaded = answer.data as ErrorOrderWarningState | undefined;
  return (
    <Modal opened onClose={() => onClose(false)} title={t('supplierOrders.warning.title')}>
      {answer.isFetching && !loaded ? (
        <Loader size="sm" aria-label={t('supplierOrders.loading')} />
      ) : answer.isError || !loaded ? (
        <Alert color="red">{t('supplierOrders.loadFailed')}</Alert>
      ) : (
        <WarningForm loaded={loaded} onClose={onClose} />
      )}
    </Modal>
  );
}

function WarningForm({
  loaded,
  onClose,
}: {
  loaded: ErrorOrderWarningState;
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const [enabled, setEnabled] = useState(loaded.enabled);
  const [threshold, setThreshold] = useState<number | string>(loaded.threshold);
  const [phones, setPhones] = useState(loaded.phones.join('\n'));
  const [emails, setEmails] = useState(loaded.emails.join('\n'));
  const [errors, setErrors] = useState<WarnErrors>({});
  const refusal = useRefusal(['enabled', 'threshold', 'phones', 'emails']);
  const [post] = useIdempotentPostMutation();
  const send = useSendOnce((body: Record<string, unknown>, idempotencyKey: string) =>
    post({
      path: WARNING_ERROR_ORDER,
      body,
      idempotencyKey,
      services: [SUP_ERROR_ORDER, serviceOf(WARNING_GET)],
    }).unwrap(),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: WarnErrors = {};
    const n = Number(threshold);
    if (!Number.isInteger(n) || n < 1 || n > 100000)
      found.threshold = t('supplierOrders.warning.thresholdRange');
    const phoneList = lines(phones);
    const emailList = lines(emails);
    const badPhone = phoneList.find((p) => !MOBILE_PATTERN.test(p));
    if (phoneList.length > 10) found.phones = t('supplierOrders.warning.tooMany');
    else if (badPhone) found.phones = t('supplierOrders.warning.phoneInvalid', { value: badPhone });
    const badEmail = emailList.find((e) => !EMAIL_ADDRESS_PATTERN.test(e));
    if (emailList.length > 10) found.emails = t('supplierOrders.warning.tooMany');
    else if (badEmail) found.emails = t('supplierOrders.warning.emailInvalid', { value: badEmail });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    refusal.clear();
    const outcome = await send.run({ enabled, threshold: n, phones: phoneList, emails: emailList });
    if (outcome.ok) {
      toast('success', t('messages.updated'));
      onClose(true);
    } else if (outcome.error !== undefined) {
      refusal.show(outcome.error, t('supplierOrders.failed'));
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('supplierOrders.warning.current', { count: loaded.openCount })}
        </Text>
        <Switch
          label={t('supplierOrders.warning.enabled')}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
          data-autofocus
          error={refusal.error('enabled')}
        />
        <NumberInput
          label={t('supplierOrders.warning.threshold')}
          value={threshold}
          onChange={setThreshold}
          min={1}
          max={100000}
          allowDecimal={false}
          allowNegative={false}
          error={errors.threshold ?? refusal.error('threshold')}
        />
        <Textarea
          label={t('supplierOrders.warning.phones')}
          value={phones}
          onChange={(e) => setPhones(e.currentTarget.value)}
          autosize
          minRows={2}
          error={errors.phones ?? refusal.error('phones')}
        />
        <Textarea
          label={t('supplierOrders.warning.emails')}
          value={emails}
          onChange={(e) => setEmails(e.currentTarget.value)}
          autosize
          minRows={2}
          error={errors.emails ?? refusal.error('emails')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t('supplierOrders.cancel')}
          </Button>
          <Button type="submit" loading={send.busy} disabled={send.busy}>
            {t('supplierOrders.warning.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
