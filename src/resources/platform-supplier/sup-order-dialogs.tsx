import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { SUPPLIER_SERVICE } from '../../contracts/business-services';
import { SUP_ORDER, type SupOrder } from '../../contracts/platform-supplier/sup-order';
import { SUP_ERROR_ORDER } from '../../contracts/platform-supplier/sup-error-order';
import { SUP_RETURN_ORDER } from '../../contracts/platform-supplier/sup-return-order';
import { toast } from '../../components/toast';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

/**
 * What an order write changes: the order lists, and the codes and balances it moves (their
 * screens' lists reload when they are next shown).
 */
export const ORDER_WRITE_SERVICES = [
  SUP_ORDER,
  SUP_RETURN_ORDER,
  SUP_ERROR_ORDER,
  `${SUPPLIER_SERVICE}/sup-coupon-code`,
  `${SUPPLIER_SERVICE}/sup-batch-coupon-code`,
  `${SUPPLIER_SERVICE}/sup-coupon-code-recovery`,
  `${SUPPLIER_SERVICE}/sup-coupon-code-used`,
  `${SUPPLIER_SERVICE}/sup-coupon-code-exchange`,
  `${SUPPLIER_SERVICE}/sup-balance-total`,
  `${SUPPLIER_SERVICE}/sup-good-balance-total`,
  `${SUPPLIER_SERVICE}/all-balance-record`,
  // warning/getWarning (the error orders' banner counts the open ones).
  `${SUPPLIER_SERVICE}/warning`,
] as const;

export interface SendOnceDialogProps {
  title: string;
  message: string;
  /** Relative to /api. */
  path: string;
  body: Record<string, unknown>;
  done: string;
  /** A remark field sent as `remark` (audit, cancel). */
  remark?: boolean;
  confirmColor?: string;
  /** The lists the change reloads (default: the supplier order screens'). */
  services?: readonly string[];
  method?: 'POST' | 'PUT';
  onClose(changed?: boolean): void;
}

/**
 * A confirmed write that moves codes or money: the confirm button is disabled while the call
 * runs, a double click or a repeated Enter sends one request, and the request carries an
 * Idempotency-Key (the same one if it is sent again after a failure). A refusal (e.g. the 409
 * naming the state another user moved the row to) is shown in the dialog.
 */
export function SendOnceDialog({
  title,
  message,
  path,
  body,
  done,
  remark = false,
  confirmColor,
  services = ORDER_WRITE_SERVICES,
  method,
  onClose,
}: SendOnceDialogProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [failure, setFailure] = useState<string>();
  const [post] = useIdempotentPostMutation();
  const send = useSendOnce((payload: Record<string, unknown>, idempotencyKey: string) =>
    post({ path, body: payload, idempotencyKey, services, ...(method ? { method } : {}) }).unwrap(),
  );
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    const outcome = await send.run(remark && text.trim() ? { ...body, remark: text.trim() } : body);
    if (outcome.ok) {
      toast('success', done);
      onClose(true);
    } else if (outcome.error !== undefined) {
      setFailure(refusalMessage(outcome.error, t('supplierOrders.failed')));
    }
  };
  return (
    <Modal opened onClose={() => onClose(false)} title={title}>
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
          {message && <Text>{message}</Text>}
          {remark && (
            <Textarea
              label={t('supplierOrders.error.remark')}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              maxLength={500}
              autosize
              minRows={2}
            />
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
              color={confirmColor}
              loading={send.busy}
              disabled={send.busy}
              data-autofocus
            >
              {t('supplierOrders.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function OrderDialog({
  rows,
  onClose,
  call,
  keys,
}: ActionDialogProps<SupOrder> & {
  call: 'reissue' | 'resend';
  keys: { title: MessageKey; confirm: MessageKey; done: MessageKey };
}) {
  const t = useT();
  const order = rows[0];
  if (!order) return null;
  return (
    <SendOnceDialog
      title={t(keys.title, { orderNo: order.orderNo })}
      message={t(keys.confirm)}
      path={`${SUP_ORDER}/${call}`}
      body={{ id: order.id }}
      done={t(keys.done)}
      onClose={onClose}
    />
  );
}

/** 补发: a failed order fulfilled again in place. */
export function ReissueDialog(props: ActionDialogProps<SupOrder>) {
  return (
    <OrderDialog
      {...props}
      call="reissue"
      keys={{
        title: 'supplierOrders.reissue.title',
        confirm: 'supplierOrders.reissue.confirm',
        done: 'supplierOrders.reissue.done',
      }}
    />
  );
}

/** 重发: a successful order's codes delivered again. */
export function ResendDialog(props: ActionDialogProps<SupOrder>) {
  return (
    <OrderDialog
      {...props}
      call="resend"
      keys={{
        title: 'supplierOrders.resend.title',
        confirm: 'supplierOrders.resend.confirm',
        done: 'supplierOrders.resend.done',
      }}
    />
  );
}
