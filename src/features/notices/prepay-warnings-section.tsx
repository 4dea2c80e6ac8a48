import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APP_PREPAY_ROUTE } from '../../contracts/platform-client/app-prepay';
import { formatMoney, parseYuan } from '../../contracts/money';
import { useT } from '../../state/hooks';
import { usePrepayWarnings } from './use-prepay-warnings';

const yuan = (v: number) => formatMoney(parseYuan(v) ?? 0);

/**
 * The notices' section of apps whose prepay is below its warning amount, each leading to the
 * prepay screen; shown to the holders of that screen's view button while there are any.
 */
export function PrepayWarningsSection() {
  const t = useT();
  const { warnings } = usePrepayWarnings(5);
  if (!warnings || warnings.total === 0) return null;
  return (
    <Stack gap={4} mb="sm" component="section" aria-label={t('appPrepay.warnings.title')}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('appPrepay.warnings.title')}
        </Text>
        <Badge size="xs" variant="light" color="red">
          {warnings.total}
        </Badge>
      </Group>
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {warnings.records.map((w) => (
          <li key={w.id}>
            <Anchor component={Link} to={APP_PREPAY_ROUTE} size="sm">
              {w.clientName ? `${w.appName}（${w.clientName}）` : w.appName}
            </Anchor>
            <Text size="xs" c="dimmed">
              {t('appPrepay.warnings.item', {
                balance: yuan(w.balance),
                warning: yuan(w.warningAmount),
              })}
            </Text>
          </li>
        ))}
      </Stack>
    </Stack>
  );
}
