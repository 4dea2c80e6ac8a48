import { Alert, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { couponCodeLifecycle } from '../../../machines/lifecycles/coupon-code-machine';
import { allows } from '../../../machines/lifecycles/lifecycle';
import { supOrderLifecycle } from '../../../machines/lifecycles/sup-order-machine';
import { useResourceDetailQuery } from '../../api/resource';
import {
  SUP_ORDER,
  type SupOrder,
  type SupOrderDetail,
} from '../../contracts/platform-supplier/sup-order';
import { SUP_RETURN_ORDER_CODES } from '../../contracts/platform-supplier/sup-return-order';
import { useLang, useT } from '../../state/hooks';
import { usePermissions } from '../../state/permissions-context';
import { lazyComponent } from '../../lib/lazy-component';

const DASH = '-';

const OrderRefundDialog = lazyComponent(() =>
  import('./sup-return-order-dialog').then((m) => ({ default: m.OrderRefundDialog })),
);

/**
 * The order's codes in the detail drawer, as the server answers them: in full for a user who
 * holds both view buttons, masked otherwise (then said so). 退款 opens the refund dialog for the
 * order (issue 25 item 7) for a holder of the refund button, where its state (as the detail
 * answers it) allows it.
 */
export function OrderCodes({ row }: { row: SupOrder }) {
  const t = useT();
  const lang = useLang();
  const permissions = usePermissions();
  const [refunding, setRefunding] = useState(false);
  const detail = useResourceDetailQuery({ service: SUP_ORDER, id: row.id });
  const data = detail.data as SupOrderDetail | null | undefined;
  if (detail.isLoading)
    return <Loader size="sm" mt="md" aria-label={t('supplierOrders.loading')} />;
  if (detail.isError || !data)
    return (
      <Alert color="red" mt="md">
        {t('supplierOrders.loadFailed')}
      </Alert>
    );
  const codes = data.codes ?? [];
  const stateName = (state: string) =>
    (couponCodeLifecycle.states as Record<string, { zh: string; en: string }>)[state]?.[lang] ??
    state;
  const canRefund =
    permissions.has(SUP_RETURN_ORDER_CODES.refund) &&
    allows(supOrderLifecycle, data.state, 'refund');
  return (
    <Stack gap="xs" mt="md">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600}>{t('supplierOrders.codes.title', { orderNo: data.orderNo })}</Text>
        {canRefund && (
          <Button size="xs" variant="light" color="red" onClick={() => setRefunding(true)}>
            {t('supplierOrders.refund.open')}
          </Button>
        )}
      </Group>
      {refunding && <OrderRefundDialog rows={[data]} onClose={() => setRefunding(false)} />}
      {codes.some((c) => c.masked) && (
        <Text size="sm" c="dimmed">
          {t('supplierOrders.codes.masked')}
        </Text>
      )}
      {codes.length === 0 ? (
        <Text size="sm">{t('supplierOrders.codes.none')}</Text>
      ) : (
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('supplierOrders.codes.code')}</Table.Th>
              <Table.Th>{t('supplierOrders.codes.pin')}</Table.Th>
              <Table.Th>{t('supplierOrders.codes.state')}</Table.Th>
              <Table.Th>{t('supplierOrders.codes.validEnd')}</Table.Th>
              <Table.Th>{t('supplierOrders.codes.usedTime')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {codes.map((code) => (
              <Table.Tr key={code.id}>
                <Table.Td style={{ fontFamily: 'monospace' }}>{code.code}</Table.Td>
                <Table.Td style={{ fontFamily: 'monospace' }}>{code.pin ?? DASH}</Table.Td>
                <Table.Td>{stateName(code.state)}</Table.Td>
                <Table.Td>{code.validEnd ?? DASH}</Table.Td>
                <Table.Td>{code.usedTime ?? DASH}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
