import { Badge, Group, Indicator, Popover, Stack, Text, Tooltip } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useT } from '../../state/hooks';
import { BarIcon } from '../../components/top-bar-icon';
import { SAMPLE_NOTICES } from './sample-notices';

/** The bell of the top bar with a popover of sample notices (spec screen 1: sample data only). */
export function NoticesPopover() {
  const t = useT();
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
