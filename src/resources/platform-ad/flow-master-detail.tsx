import { Alert, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { adPlanLifecycle } from '../../../machines/lifecycles/ad-plan-machine';
import { labelOf } from '../../../machines/lifecycles/lifecycle';
import { useResourceOptionsQuery } from '../../api/resource';
import {
  FLOW_MASTER_CALLS,
  type FlowMaster,
  type FlowMasterDetail,
} from '../../contracts/platform-ad/flow-master';
import { formatMoney, parseYuan } from '../../contracts/money';
import { useLang, useT } from '../../state/hooks';

/**
 * The detail drawer's part of a flow master (flowMaster/detailReport): their positions, the plans
 * on them with their states and the share so far. The report figures come with the next round.
 */
export function FlowMasterDetailSection({ row }: { row: FlowMaster }) {
  const t = useT();
  const lang = useLang();
  const answer = useResourceOptionsQuery({
    path: FLOW_MASTER_CALLS.detailReport,
    params: { id: row.id },
  });
  if (answer.isError) return <Alert color="red">{t('flowMaster.loadFailed')}</Alert>;
  const detail = answer.data as FlowMasterDetail | undefined;
  if (!detail) return null;
  return (
    <Stack gap="xs" mt="md">
      <Text fw={600} size="sm">
        {t('flowMaster.detail')}
      </Text>
      <Text size="sm">
        {t('flowMaster.shareTotal', { amount: formatMoney(parseYuan(detail.shareTotal) ?? 0) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t('flowMaster.positions')}
      </Text>
      {detail.positions.length === 0 ? (
        <Text size="sm">{t('flowMaster.noPositions')}</Text>
      ) : (
        <Group gap={6}>
          {detail.positions.map((p) => (
            <Badge key={p.id} variant="light">
              {p.positionName}（{p.positionCode}）
            </Badge>
          ))}
        </Group>
      )}
      <Text size="sm" c="dimmed">
        {t('flowMaster.plans')}
      </Text>
      {detail.plans.length === 0 ? (
        <Text size="sm">{t('flowMaster.noPlans')}</Text>
      ) : (
        <Table>
          <Table.Tbody>
            {detail.plans.map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.planName}</Table.Td>
                <Table.Td>{labelOf(adPlanLifecycle.states, p.state, lang)}</Table.Td>
                <Table.Td>
                  {p.startDate} ~ {p.endDate}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
