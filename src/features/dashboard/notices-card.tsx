import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useT } from '../../state/hooks';
import { KIND_COLOR, KIND_LABEL, SAMPLE_NOTICES } from '../notices/sample-notices';

/** Notices (spec screen 1: sample data only, the top bar's), marked as a sample. */
export function NoticesCard() {
  const t = useT();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="dashboard-notices">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4" id="dashboard-notices">
          {t('dashboard.notices')}
        </Title>
        <Badge variant="outline" color="gray">
          {t('dashboard.notices.sample')}
        </Badge>
      </Group>
      <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
        {SAMPLE_NOTICES.map((n) => (
          <Group component="li" key={n.id} wrap="nowrap" align="flex-start" gap="sm">
            <Badge color={KIND_COLOR[n.kind]} variant="light" style={{ flexShrink: 0 }}>
              {t(KIND_LABEL[n.kind])}
            </Badge>
            <Text size="sm" style={{ flex: 1 }}>
              {t(n.text)}
            </Text>
            <Text size="xs" c="dimmed" component="time" dateTime={n.date}>
              {n.date}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
