import { Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import { formatMoney, parseYuan } from '../../contracts/money';
import {
  PAY_ORDER,
  PAY_ORDER_CALLS,
  type PayOrder,
} from '../../contracts/platform-finance/pay-order';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/** 退款: part or all of the rest of a paid order, sent once (Idempotency-Key). */
export default function PayOrderRefundDialog({ rows, onClose }: ActionDialogProps<PayOrder>) {
  const t = useT();
  const order = rows[0];
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const refusal = useRefusal(['amount', 'reason']);
  const [post] = useIdempotentPostMutation();
  const send = useSendOnce((body: Record<string, unknown>, idempotencyKey: string) =>
    post({
      path: `${PAY_ORDER}/${PAY_ORDER_CALLS.refund}`,
      body,
      idempotencyKey,
      services: [PAY_ORDER],
    }).unwrap(),
  );
  if (!order) return null;
  const paidFen = Math.round(order.amount * 100);
  const restFen = paidFen - Math.round(order.refundedAmount * 100);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fen = parseYuan(amount);
    if (fen === undefined || fen < 1 || fen > restFen) return setInvalid(true);
    setInvalid(false);
    const outcome = await send.run({ id: order.id, amount: amount.trim(), reason: reason.trim() });
    if (outcome.ok) {
      toast('success', t('finance.refund.done'));
      onClose(true);
    } else if (outcome.error !== undefined) refusal.show(outcome.error, t('errors.submitFailed'));
  };
  return (
    <Modal
      opened
      onClose={() => !send.busy && onClose(false)}
      title={t('finance.refund.title', { orderNo: order.orderNo })}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {t('finance.refund.rest', {
              paid: formatMoney(paidFen),
              refunded: formatMoney(paidFen - restFen),
              rest: formatMoney(restFen),
            })}
          </Text>
          <TextInput
            label={t('finance.refund.amount')}
            withAsterisk
            data-autofocus
            inputMode="decimal"
            value={amount}
            onChange={(e) => {
              setAmount(e.currentTarget.value);
              setInvalid(false);
              refusal.clear('amount');
            }}
            error={invalid ? t('finance.refund.amountInvalid') : refusal.error('amount')}
          />
          <Textarea
            label={t('finance.refund.reason')}
            value={reason}
            maxLength={200}
            autosize
            minRows={2}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={refusal.error('reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={send.busy}>
              {t('finance.cancel')}
            </Button>
            <Button type="submit" color="orange" loading={send.busy} disabled={send.busy}>
              {t('finance.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
