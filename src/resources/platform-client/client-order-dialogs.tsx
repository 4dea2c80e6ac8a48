import { Alert, Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { CLIENT_SERVICE } from '../../contracts/business-services';
import {
  CLIENT_ORDER,
  USER_ORDER,
  type ClientOrder,
} from '../../contracts/platform-client/client-order';
import { moneyText } from '../../contracts/money';
import { toast } from '../../components/toast';
import { useT } from '../../state/hooks';
import { SendOnceDialog } from '../platform-supplier/sup-order-dialogs';
import type { ActionDialogProps } from '../types';

/** What a client order write changes: the order and return lists and the app prepay screens. */
export const CLIENT_ORDER_WRITES = [
  CLIENT_ORDER,
  USER_ORDER,
  `${CLIENT_SERVICE}/place-order-fail`,
  `${CLIENT_SERVICE}/psclient-appPrepay`,
  `${CLIENT_SERVICE}/prepay-order`,
  `${CLIENT_SERVICE}/client-app-stock`,
] as const;

/**
 * 退货退款: the quantity (empty: every unused code) and a reason, sent once with an
 * Idempotency-Key; a refusal (fewer codes left, a state that refuses) shows in the dialog.
 */
function ReturnDialog({ rows, onClose, path }: ActionDialogProps<ClientOrder> & { path: string }) {
  const t = useT();
  const order = rows[0];
  const [quantity, setQuantity] = useState<number | ''>('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [post] = useIdempotentPostMutation();
  const send = useSendOnce((body: Record<string, unknown>, idempotencyKey: string) =>
    post({ path, body, idempotencyKey, services: CLIENT_ORDER_WRITES }).unwrap(),
  );
  if (!order) return null;
  const refundable = order.quantity - order.returnedQuantity;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setProblem(t('clientOrders.return.reasonRequired'));
    if (quantity !== '' && (!Number.isInteger(quantity) || quantity < 1 || quantity > refundable))
      return setProblem(t('clientOrders.return.quantityInvalid', { max: refundable }));
    setProblem(undefined);
    const outcome = await send.run({
      id: order.id,
      reason: reason.trim(),
      ...(quantity === '' ? {} : { quantity }),
    });
    if (outcome.ok) {
      toast('success', t('clientOrders.return.done'));
      onClose(true);
    } else if (outcome.error !== undefined)
      setProblem(refusalMessage(outcome.error, t('clientOrders.failed')));
  };
  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={t('clientOrders.return.title', { orderNo: order.orderNo })}
    >
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
          <Text size="sm">{t('clientOrders.return.hint', { refundable })}</Text>
          <NumberInput
            label={t('clientOrders.return.quantity')}
            value={quantity}
            onChange={(v) => setQuantity(typeof v === 'number' ? v : '')}
            min={1}
            max={refundable}
            allowDecimal={false}
            data-autofocus
          />
          <Textarea
            label={t('clientOrders.return.reason')}
            withAsterisk
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={200}
            autosize
            minRows={2}
          />
          {problem && (
            <Alert color="red" role="alert">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)}>
              {t('supplierOrders.cancel')}
            </Button>
            <Button type="submit" color="red" loading={send.busy} disabled={send.busy}>
              {t('supplierOrders.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export const ClientReturnDialog = (props: ActionDialogProps<ClientOrder>) => (
  <ReturnDialog {...props} path={`${CLIENT_ORDER}/return`} />
);
export const UserReturnDialog = (props: ActionDialogProps<ClientOrder>) => (
  <ReturnDialog {...props} path={`${USER_ORDER}/order-return`} />
);

export function CancelDialog({ rows, onClose }: ActionDialogProps<ClientOrder>) {
  const t = useT();
  const order = rows[0];
  if (!order) return null;
  return (
    <SendOnceDialog
      title={t('clientOrders.cancel.title', { orderNo: order.orderNo })}
      message={t('clientOrders.cancel.confirm')}
      path={`${USER_ORDER}/cancel-order`}
      body={{ id: order.id }}
      done={t('clientOrders.cancel.done')}
      confirmColor="red"
      services={CLIENT_ORDER_WRITES}
      onClose={onClose}
    />
  );
}

type FailMove = 'close' | 'resend' | 'reissue';
const FAIL_CALLS: Record<FailMove, { path: string; method: 'POST' | 'PUT' }> = {
  close: { path: 'closeFailOrder', method: 'PUT' },
  resend: { path: 'resendFailOrder', method: 'POST' },
  reissue: { path: 'reissueFailOrder', method: 'POST' },
};

/** 关闭失败单 / 失败单重发 / 失败单补发: on the failed order's open place-order-fail. */
function FailDialog({ rows, onClose, move }: ActionDialogProps<ClientOrder> & { move: FailMove }) {
  const t = useT();
  const order = rows[0];
  if (!order?.failId) return null;
  const call = FAIL_CALLS[move];
  return (
    <SendOnceDialog
      title={t(`clientOrders.${move}.title`, { orderNo: order.orderNo })}
      message={t(`clientOrders.${move}.confirm`, { amount: moneyText(order.amount) ?? '' })}
      path={`${CLIENT_SERVICE}/place-order-fail/${call.path}/${order.failId}`}
      method={call.method}
      body={{}}
      done={t(`clientOrders.${move}.done`)}
      confirmColor={move === 'close' ? 'red' : undefined}
      services={CLIENT_ORDER_WRITES}
      onClose={onClose}
    />
  );
}

export const CloseFailDialog = (p: ActionDialogProps<ClientOrder>) => (
  <FailDialog {...p} move="close" />
);
export const ResendFailDialog = (p: ActionDialogProps<ClientOrder>) => (
  <FailDialog {...p} move="resend" />
);
export const ReissueFailDialog = (p: ActionDialogProps<ClientOrder>) => (
  <FailDialog {...p} move="reissue" />
);
