import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { refundLifecycle } from '../../../machines/lifecycles/refund-machine';
import { useResourceDetailQuery } from '../../api/resource';
import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import { formatYuan, moneyText, parseYuan } from '../../contracts/money';
import {
  monthBillContract,
  providerMonthBillContract,
  providerTempBillContract,
  REFUND_FEE,
  REFUND_REASON_MAX,
  tempBillContract,
  type ParkBill,
} from '../../contracts/platform-parking/park-bill';
import { useLang, useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

const refundStates = refundLifecycle.states as Record<string, { zh: string; en: string }>;

/** What a refund changes: every bill list (the provider ones show the same bills). */
const BILL_WRITES = [
  tempBillContract.service,
  monthBillContract.service,
  providerTempBillContract.service,
  providerMonthBillContract.service,
] as const;
const serviceOf = (bill: ParkBill) =>
  bill.billType === 'monthTicket' ? monthBillContract.service : tempBillContract.service;
const fen = (yuan: unknown) => parseYuan(yuan) ?? 0;

/**
 * 退款: an amount (starting at all that is refundable) and a reason, sent once to refundFee with
 * an Idempotency-Key (a double Enter sends one request); a refusal shows in the dialog.
 */
export function RefundDialog({ rows, onClose }: ActionDialogProps<ParkBill>) {
  const t = useT();
  const bill = rows[0];
  const refundable = bill ? fen(bill.paidAmount) - fen(bill.refundedAmount) : 0;
  const [amount, setAmount] = useState<number | string>(Number(formatYuan(refundable)));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [post] = useIdempotentPostMutation();
  const send = useSendOnce((body: Record<string, unknown>, idempotencyKey: string) =>
    post({ path: REFUND_FEE, body, idempotencyKey, services: BILL_WRITES }).unwrap(),
  );
  if (!bill) return null;
  const max = formatYuan(refundable);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = parseYuan(amount);
    if (wanted === undefined || wanted < 1 || wanted > refundable)
      return setProblem(t('parkingBills.refund.amountInvalid', { max }));
    if (!reason.trim()) return setProblem(t('parkingBills.refund.reasonRequired'));
    setProblem(undefined);
    const outcome = await send.run({
      billId: bill.id,
      amount: formatYuan(wanted),
      reason: reason.trim(),
    });
    if (outcome.ok) {
      // `requested`: the operator has not answered yet; the server asks again (refund-sweeper).
      const waiting = (outcome.value as { state?: string } | undefined)?.state === 'requested';
      toast(
        waiting ? 'warning' : 'success',
        t(`parkingBills.refund.${waiting ? 'pending' : 'done'}`),
      );
      onClose(true);
    } else if (outcome.error !== undefined)
      setProblem(refusalMessage(outcome.error, t('parkingBills.refund.failed')));
  };
  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={t('parkingBills.refund.title', { billNo: bill.billNo })}
    >
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
          <Text size="sm">
            {t('parkingBills.refund.hint', {
              paid: moneyText(bill.paidAmount) ?? '',
              refunded: moneyText(bill.refundedAmount) ?? '',
              refundable: max,
            })}
          </Text>
          <NumberInput
            label={t('parkingBills.refund.amount')}
            value={amount}
            onChange={setAmount}
            min={0.01}
            max={Number(max)}
            decimalScale={2}
            withAsterisk
            data-autofocus
          />
          <Textarea
            label={t('parkingBills.refund.reason')}
            withAsterisk
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={REFUND_REASON_MAX}
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
              {t('parkingBills.cancel')}
            </Button>
            <Button type="submit" color="red" loading={send.busy} disabled={send.busy}>
              {t('parkingBills.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 退款记录: the bill's refunds from its detail, oldest first. */
export function RefundsDialog({ rows, onClose }: ActionDialogProps<ParkBill>) {
  const t = useT();
  const lang = useLang();
  const bill = rows[0];
  const query = useResourceDetailQuery(
    { service: bill ? serviceOf(bill) : '', id: bill?.id ?? '' },
    { skip: !bill },
  );
  if (!bill) return null;
  const refunds = (query.data as ParkBill | null | undefined)?.refunds ?? [];
  return (
    <Modal
      opened
      size="lg"
      onClose={() => onClose(false)}
      title={t('parkingBills.refunds.title', { billNo: bill.billNo })}
    >
      <Stack gap="md">
        {query.isLoading ? (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm">{t('parkingBills.refunds.loading')}</Text>
          </Group>
        ) : refunds.length === 0 ? (
          <Text size="sm">{t('parkingBills.refunds.none')}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('parkingBills.refunds.refundNo')}</Table.Th>
                <Table.Th>{t('parkingBills.refunds.amount')}</Table.Th>
                <Table.Th>{t('parkingBills.refunds.reason')}</Table.Th>
                <Table.Th>{t('parkingBills.refunds.state')}</Table.Th>
                <Table.Th>{t('parkingBills.refunds.time')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {refunds.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.refundNo}</Table.Td>
                  <Table.Td>{moneyText(r.amount)}</Table.Td>
                  <Table.Td>{r.reason}</Table.Td>
                  <Table.Td>
                    {refundStates[r.state]?.[lang] ?? r.state}
                    {r.failReason ? `：${r.failReason}` : ''}
                  </Table.Td>
                  <Table.Td>{r.createTime}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t('parkingBills.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
