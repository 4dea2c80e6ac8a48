import { SimpleGrid, Stack, Title } from '@mantine/core';
import { useT } from '../../state/hooks';
import { NoticesCard } from './notices-card';
import { QuickLinks } from './quick-links';
import { WarningsCard } from './warnings-card';
import { WelcomeCard } from './welcome-card';

/**
 * The home dashboard /wel/index: who is signed in, where to go next, sample notices, and the
 * goods warnings for users who hold the goods screen.
 */
export function DashboardPage() {
  const t = useT();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('dashboard.title')}
      </Title>
      <WelcomeCard />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <QuickLinks />
        <NoticesCard />
        <WarningsCard />
      </SimpleGrid>
    </Stack>
  );
}
