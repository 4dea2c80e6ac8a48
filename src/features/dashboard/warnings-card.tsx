import { Alert, Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { GOODS_ROUTE, type GoodWarning } from '../../contracts/platform-supplier/good-warning';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import { useGoodWarnings } from '../notices/use-good-warnings';

const TOP = 5;

/** A warning's line: the good's shortfall or its expiring codes. */
export function warningText(
  w: GoodWarning,
  t: (key: MessageKey, params?: Record<string, string | number>) => string,
): string {
  return w.kind === 'stock'
    ? t('warnings.stock', { stock: w.unusedStock, warn: w.stockWarn ?? 0 })
    : t('warnings.expiry', { count: w.expiringCount, date: w.nearestExpiry });
}

/**
 * 商品预警 (issue 17 item 6): how many goods need stock or have codes about to expire, and the
 * first five, each leading to the supplier goods screen. Shown only to users who hold that
 * screen.
 */
export function WarningsCard() {
  const t = useT();
  const { allowed, warnings, isLoading, isError } = useGoodWarnings(TOP);
  if (!allowed) return null;
  let body;
  if (isLoading) body = <Skeleton height={60} aria-busy="true" />;
  else if (isError || !warnings)
    body = (
      <Alert color="red" variant="light">
        {t('warnings.loadFailed')}
      </Alert>
    );
  else if (warnings.total === 0)
    body = (
      <Text size="sm" c="dimmed">
        {t('warnings.none')}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        <Text size="sm">{t('warnings.count', { count: warnings.total })}</Text>
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {warnings.records.map((w) => (
            <li key={`${w.kind}-${w.goodId}`}>
              <Anchor component={Link} to={GOODS_ROUTE} size="sm" fw={500}>
                {w.goodName}
              </Anchor>
              <Text size="xs" c="dimmed">
                {w.supName} · {w.goodCode} · {warningText(w, t)}
              </Text>
            </li>
          ))}
        </Stack>
        {warnings.total > warnings.records.length && (
          <Text size="xs" c="dimmed">
            {t('warnings.more', { count: warnings.total - warnings.records.length })}
          </Text>
        )}
        <Anchor component={Link} to={GOODS_ROUTE} size="sm">
          {t('warnings.open')}
        </Anchor>
      </Stack>
    );
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="dashboard-warnings">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="dashboard-warnings">
          {t('warnings.title')}
        </Title>
        {warnings && warnings.total > 0 && (
          <Badge color="orange" variant="light">
            {warnings.total}
          </Badge>
        )}
      </Group>
      {body}
    </Card>
  );
}
