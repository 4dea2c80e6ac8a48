import { Anchor, Badge, Group, Indicator, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useT } from '../../state/hooks';
import { BarIcon } from '../../components/top-bar-icon';
import { Link } from 'react-router';
import { GOODS_ROUTE } from '../../contracts/platform-supplier/good-warning';
import { SAMPLE_NOTICES } from './sample-notices';
import { useGoodWarnings } from './use-good-warnings';
import { PrepayWarningsSection } from './prepay-warnings-section';

/**
 * The bell of the top bar with a popover of sample notices (spec screen 1: sample data only)
 * and, for users who hold the goods screen, the goods warnings (issue 17 item 6) above them.
 */
export function NoticesPopover() {
  const t = useT();
  const { warnings } = useGoodWarnings(5);
  return (
    <Popover width={320} position="bottom-end" withArrow shadow="md">
      <Tooltip label={t('topbar.notices')} withArrow openDelay={300}>
        <Popover.Target>
          <BarIcon label={t('topbar.notices')}>
            <Indicator size={7} color="red" offset={2} processing={false}>
              <IconBell size={20} stroke={1.6} />
            </Indicator>
          </BarIcon>
        </Popover.Target>
      </Tooltip>
      <Popover.Dropdown aria-label={t('topbar.notices')}>
        <Group justify="space-between" mb="xs">
          <Text fw={600} size="sm">
            {t('topbar.notices')}
          </Text>
          <Badge size="xs" variant="light" color="gray">
            {t('topbar.noticesSample')}
          </Badge>
        </Group>
        {warnings && warnings.total > 0 && (
          <Stack gap={4} mb="sm" component="section" aria-label={t('warnings.title')}>
            <Group justify="space-between">
              <Text fw={600} size="sm">
                {t('warnings.title')}
              </Text>
              <Badge size="xs" variant="light" color="orange">
                {warnings.total}
              </Badge>
            </Group>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {warnings.records.map((w) => (
                <li key={`${w.kind}-${w.goodId}`}>
                  <Anchor component={Link} to={GOODS_ROUTE} size="sm">
                    {w.goodName}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {w.kind === 'stock'
                      ? t('warnings.stock', { stock: w.unusedStock, warn: w.stockWarn ?? 0 })
                      : t('warnings.expiry', { count: w.expiringCount, date: w.nearestExpiry })}
                  </Text>
                </li>
              ))}
            </Stack>
          </Stack>
        )}
        <PrepayWarningsSection />
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {SAMPLE_NOTICES.map((n) => (
            <li key={n.id}>
              <Text size="sm">{t(n.text)}</Text>
              <Text size="xs" c="dimmed">
                {n.date}
              </Text>
            </li>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
