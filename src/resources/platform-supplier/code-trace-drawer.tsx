import { Alert, Badge, Center, Drawer, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import type { ReactNode } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import { couponCodeLifecycle } from '../../../machines/lifecycles/coupon-code-machine';
import { labelOf } from '../../../machines/lifecycles/lifecycle';
import { supOrderLifecycle } from '../../../machines/lifecycles/sup-order-machine';
import { EXCHANGE_SOURCES } from '../../contracts/platform-supplier/code-exchange';
import {
  BATCH_SOURCES,
  COUPON_CODE_CALLS,
  RECOVERY_STATES,
  type CodeTrace,
  type SupCouponCode,
} from '../../contracts/platform-supplier/coupon-code';
import { useLang, useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

interface Event {
  time: string;
  title: string;
  detail: ReactNode;
  color: string;
}

/** The events of a code's history, oldest first (a missing time sorts last). */
function useEvents(trace: CodeTrace): Event[] {
  const t = useT();
  const lang = useLang();
  const none = t('couponCode.trace.none');
  const events: Event[] = [];
  const { code, batch } = trace;
  events.push({
    time: batch?.createTime ?? code.createTime,
    title: t('couponCode.trace.created'),
    detail: t('couponCode.trace.createdDetail', {
      batchNo: batch?.batchNo ?? code.batchNo,
      source: batch ? labelOf(BATCH_SOURCES, batch.source, lang) : none,
      file: batch?.fileName ?? '',
    }),
    color: 'teal',
  });
  for (const order of trace.orders)
    events.push({
      time: order.createTime,
      title: t('couponCode.trace.issued'),
      detail: t('couponCode.trace.issuedDetail', {
        orderNo: order.orderNo,
        clientOrderId: order.clientOrderId ?? none,
        state: labelOf(supOrderLifecycle.states, order.state, lang),
      }),
      color: 'blue',
    });
  for (const exchange of trace.exchanges)
    events.push({
      time: exchange.exchangeTime,
      title: t('couponCode.trace.exchange'),
      detail: (
        <>
          {t('couponCode.trace.exchangeDetail', {
            store: [exchange.storeName, exchange.storeCode].filter(Boolean).join(' ') || none,
            source: labelOf(EXCHANGE_SOURCES, exchange.source, lang),
          })}
          {exchange.cancelled ? (
            <Badge ml="xs" size="sm" color="gray" variant="light">
              {t('couponCode.trace.exchangeCancelled', { time: exchange.cancelTime ?? '' })}
            </Badge>
          ) : null}
        </>
      ),
      color: 'grape',
    });
  if (code.invalidTime)
    events.push({
      time: code.invalidTime,
      title: t('couponCode.trace.invalid'),
      detail: '',
      color: 'gray',
    });
  for (const recovery of trace.recoveries)
    events.push({
      time: recovery.createTime,
      title: t('couponCode.trace.recovery'),
      detail: recovery.remark
        ? t('couponCode.trace.recoveryRemark', {
            state: labelOf(RECOVERY_STATES, recovery.state, lang),
            remark: recovery.remark,
          })
        : t('couponCode.trace.recoveryDetail', {
            state: labelOf(RECOVERY_STATES, recovery.state, lang),
          }),
      color: 'orange',
    });
  return events.sort((a, b) => (a.time || '\uffff').localeCompare(b.time || '\uffff'));
}

function History({ trace }: { trace: CodeTrace }) {
  const t = useT();
  const lang = useLang();
  const events = useEvents(trace);
  const { code } = trace;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Group gap="xs">
          <Text size="sm">
            {t('couponCode.trace.state', {
              state: labelOf(couponCodeLifecycle.states, code.state, lang),
            })}
          </Text>
        </Group>
        <Text size="sm">
          {t('couponCode.trace.good', { good: code.goodName, supplier: code.supName })}
        </Text>
        <Text size="sm">
          {t('couponCode.trace.valid', {
            start: code.validStart ?? '-',
            end: code.validEnd ?? '-',
          })}
        </Text>
      </Stack>
      {events.length === 0 ? (
        <Text c="dimmed">{t('couponCode.trace.empty')}</Text>
      ) : (
        <Timeline active={events.length - 1} bulletSize={14} lineWidth={2}>
          {events.map((event, i) => (
            <Timeline.Item key={i} title={event.title} color={event.color}>
              <Text size="sm" component="div">
                {event.detail}
              </Text>
              <Text size="xs" c="dimmed">
                {event.time || '-'}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}

/**
 * One code's whole history (GET trace?id=): batch, the orders it was issued to, redemptions and
 * recovery records as a timeline. The code shows as the server answers it (full or masked).
 */
export function TraceDrawer({ codeId, onClose }: { codeId: string; onClose(): void }) {
  const t = useT();
  const answer = useResourceOptionsQuery({
    path: COUPON_CODE_CALLS.trace,
    params: { id: codeId },
  });
  const trace = answer.data as CodeTrace | undefined;
  const label = (code: SupCouponCode | undefined) => code?.couponCode || code?.codeMask || '';
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={520}
      title={t('couponCode.trace.title', { code: label(trace?.code) })}
    >
      {answer.isLoading ? (
        <Center h={160}>
          <Loader aria-label={t('couponCode.trace.loading')} />
        </Center>
      ) : answer.isError || !trace?.code ? (
        <Alert color="red" variant="light">
          {t('couponCode.trace.loadFailed')}
        </Alert>
      ) : (
        <History trace={trace} />
      )}
    </Drawer>
  );
}

/** 溯源 (row action of the tracing list): the drawer for that code. */
export default function TraceDialog({ rows, onClose }: ActionDialogProps<SupCouponCode>) {
  const id = rows[0]?.id;
  return id ? <TraceDrawer codeId={String(id)} onClose={() => onClose(false)} /> : null;
}
