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

/** The order a refund is for: at least its id and number (the palette knows no more). */
export type RefundOrder = Pick<SupOrder, 'id' | 'orderNo'> & Partial<SupOrder>;

/**
 * 退款 (the refund list's toolbar): find the order by its number (the order list's orderNo
 * filter, exact match among the hits), then refund it.
 */
export default function RefundDialog({ onClose }: ActionDialogProps<SupReturnOrder>) {
  return <RefundForm onClose={onClose} />;
}

/**
 * 退款 on one order (issue 25 item 7): the order list's row action, its detail drawer and the
 * palette's o: look-up open the dialog with the order in it, so no number is typed.
 */
export function OrderRefundDialog({
  rows,
  onClose,
}: {
  rows: readonly RefundOrder[];
  onClose(changed?: boolean): void;
}) {
  return <RefundForm preset={rows[0]} onClose={onClose} />;
}

/**
 * Refunds up to the order's still-issued codes (used codes cannot be refunded) with a reason,
 * where the order's state allows it (read again from its detail, so a row shown a while ago
 * cannot offer a refund the order no longer allows). Sent once with an Idempotency-Key; the
 * answer says how many codes went to recovery and how much cost went back to the balance.
 */
function RefundForm({
  preset,
  onClose,
}: {
  preset?: RefundOrder | undefined;
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const lang = useLang();
  const [orderNo, setOrderNo] = useState(preset?.orderNo ?? '');
  const [order, setOrder] = useState<RefundOrder | undefined>(preset);
  const [quantity, setQuantity] = useState<number | string>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string>();
  const [search, searched] = useLazyResourceListQuery();
  const detail = useResourceDetailQuery(
    { service: SUP_ORDER, id: order?.id ?? '' },
    { skip: !order, refetchOnMountOrArgChange: true },
  );
  const fresh = detail.currentData as SupOrderDetail | null | undefined;
  // What is known of the order: its detail once loaded, the list's row meanwhile.
  const known: SupOrder | undefined =
    fresh ?? (order?.state !== undefined ? (order as SupOrder) : undefined);
  const codes = fresh?.codes;
  const refundable = codes ? codes.filter((c) => c.state === 'issued').length : undefined;
  const stateLabel = (state: string) =>
    (supOrderLifecycle.states as Record<string, { zh: string; en: string }>)[state]?.[lang] ??
    state;
  const canRefund = known ? allows(supOrderLifecycle, known.state, 'refund') : false;

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
      if (!preset) await find();
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
            {/* An order given to the dialog is shown, not typed: its number cannot change. */}
            <TextInput
              label={t('supplierOrders.refund.orderNo')}
              value={orderNo}
              readOnly={preset !== undefined}
              onChange={(e) => {
                setOrderNo(e.currentTarget.value);
                setOrder(undefined);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !order && !preset) {
                  e.preventDefault();
                  void find();
                }
              }}
              error={errors.orderNo}
              required
              data-autofocus
              style={{ flex: 1 }}
            />
            {!preset && (
              <Button variant="light" onClick={() => void find()} loading={searched.isFetching}>
                {t('supplierOrders.refund.find')}
              </Button>
            )}
          </Group>
          {known && (
            <Text size="sm" role="status">
              {t('supplierOrders.refund.order', {
                good: known.goodName,
                quantity: known.quantity,
                refunded: known.refundedQuantity,
                state: stateLabel(known.state),
              })}
            </Text>
          )}
          {known && !canRefund && (
            <Alert color="orange">
              {t('supplierOrders.refund.notRefundable', { state: stateLabel(known.state) })}
            </Alert>
          )}
          {order && detail.isError && !fresh && (
            <Alert color="red">{t('supplierOrders.loadFailed')}</Alert>
          )}
          {order && !detail.isError && (!known || canRefund) && refundable === undefined && (
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
