import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { allows } from '../../../machines/lifecycles/lifecycle';
import { supOrderLifecycle } from '../../../machines/lifecycles/sup-order-machine';
import { useLazyResourceListQuery, useResourceDetailQuery } from '../../api/resource';
import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import { formatYuan, parseYuan } from '../../contracts/money';
import {
  SUP_ORDER,
  type SupOrder,
  type SupOrderDetail,
} from '../../contracts/platform-supplier/sup-order';
import {
  ORDER_REFUND,
  REFUND_REASON_MAX,
  type SupReturnOrder,
} from '../../contracts/platform-supplier/sup-return-order';
import { useLang, useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';
import { ORDER_WRITE_SERVICES } from './sup-order-dialogs';

type Errors = Partial<Record<'orderNo' | 'quantity' | 'reason', string>>;

/**
 * 退款 (toolbar): find the order by its number (the order list's orderNo filter, exact match
 * among the hits), refund up to its still-issued codes (used codes cannot be refunded) with a
 * reason. Sent once with an Idempotency-Key; the answer says how many codes went to recovery and
 * how much cost went back to the balance.
 */
export default function RefundDialog({ onClose }: ActionDialogProps<SupReturnOrder>) {
  const t = useT();
  const lang = useLang();
  const [orderNo, setOrderNo] = useState('');
  const [order, setOrder] = useState<SupOrder>();
  const [quantity, setQuantity] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [search, searched] = useLazyResourceListQuery();
  const detail = useResourceDetailQuery(
    { service: SUP_ORDER, id: order?.id ?? '' },
    { skip: !order, refetchOnMountOrArgChange: true },
  );
  const codes = (detail.data as SupOrderDetail | null | undefined)?.codes;
  const refundable = codes ? codes.filter((c) => c.state === 'issued').length : undefined;
  const stateLabel = (state: string) =>
    (supOrderLifecycle.states as Record<string, { zh: string; en: string }>)[state]?.[lang] ??
    state;
  const canRefund = order ? allows(supOrderLifecycle, order.state, 'refund') : false;

  const [post] = useIdempotentPostMutation();
  const send = useSendOnce((body: Record<string, unknown>, idempotencyKey: string) =>
    post({ path: ORDER_REFUND, body, idempotencyKey, services: ORDER_WRITE_SERVICES }).unwrap(),
  );

  const find = async () => {
    const no = orderNo.trim();
    setOrder(undefined);
    setFailure(undefined);
    if (!no) {
      setErrors({ orderNo: t('supplierOrders.refund.orderNoRequired') });
      return;
    }
    setErrors({});
    try {
      const page = (await search({
        service: SUP_ORDER,
        params: { orderNo: no, current: 1, size: 20 },
      }).unwrap()) as { records?: SupOrder[] };
      const hit = (page.records ?? []).find((r) => r.orderNo === no);
      if (!hit) setErrors({ orderNo: t('supplierOrders.refund.notFound', { orderNo: no }) });
      else {
        setOrder(hit);
        setQuantity('');
      }
    } catch (error) {
      setFailure(refusalMessage(error, t('supplierOrders.loadFailed')));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!order || !canRefund || refundable === undefined) {
      await find();
      return;
    }
    const found: Errors = {};
    const n = Number(quantity === '' ? refundable : quantity);
    if (!Number.isInteger(n) || n < 1 || n > refundable)
      found.quantity = t('supplierOrders.refund.quantityRange', { max: refundable });
    if (!reason.trim()) found.reason = t('supplierOrders.refund.reasonRequired');
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(undefined);
    const outcome = await send.run({ orderId: order.id, quantity: n, reason: reason.trim() });
    if (outcome.ok) {
      const refund = outcome.value as Partial<SupReturnOrder> | undefined;
      toast(
        'success',
        t('supplierOrders.refund.done', {
          quantity: refund?.quantity ?? n,
          amount: formatYuan(parseYuan(refund?.costAmount ?? 0) ?? 0),
        }),
      );
      onClose(true);
    } else if (outcome.error !== undefined) {
      setFailure(refusalMessage(outcome.error, t('supplierOrders.failed')));
    }
  };

  return (
    <Modal opened onClose={() => onClose(false)} title={t('supplierOrders.refund.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label={t('supplierOrders.refund.orderNo')}
              value={orderNo}
              onChange={(e) => {
                setOrderNo(e.currentTarget.value);
                setOrder(undefined);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !order) {
                  e.preventDefault();
                  void find();
                }
              }}
              error={errors.orderNo}
              required
              data-autofocus
              style={{ flex: 1 }}
            />
            <Button variant="light" onClick={() => void find()} loading={searched.isFetching}>
              {t('supplierOrders.refund.find')}
            </Button>
          </Group>
          {order && (
            <Text size="sm" role="status">
              {t('supplierOrders.refund.order', {
                good: order.goodName,
                quantity: order.quantity,
                refunded: order.refundedQuantity,
                state: stateLabel(order.state),
              })}
            </Text>
          )}
          {order && !canRefund && (
            <Alert color="orange">
              {t('supplierOrders.refund.notRefundable', { state: stateLabel(order.state) })}
            </Alert>
          )}
          {order && canRefund && refundable === undefined && (
            <Loader size="sm" aria-label={t('supplierOrders.loading')} />
          )}
          {order && canRefund && refundable !== undefined && (
            <>
              <NumberInput
                label={t('supplierOrders.refund.quantity')}
                description={t('supplierOrders.refund.quantityHint', { max: refundable })}
                value={quantity}
                placeholder={String(refundable)}
                onChange={setQuantity}
                min={1}
                max={refundable}
                allowDecimal={false}
                allowNegative={false}
                error={errors.quantity}
              />
              <Textarea
                label={t('supplierOrders.refund.reason')}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                maxLength={REFUND_REASON_MAX}
                required
                autosize
                minRows={2}
                error={errors.reason}
              />
            </>
          )}
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)}>
              {t('supplierOrders.cancel')}
            </Button>
            <Button
              type="submit"
              color="red"
              loading={send.busy}
              disabled={send.busy || !order || !canRefund || refundable === undefined}
            >
              {t('supplierOrders.refund.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
