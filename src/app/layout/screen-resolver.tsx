import { Alert, Anchor, Button, Center, Code, Loader, Stack, Text, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router';
import { findLeafByPath, menuLabel } from '../../lib/menu-tree';
import { useUserMenu } from '../../features/menu-search/use-user-menu';
import { useLang, useT } from '../../state/hooks';
import { hasResourcePage, preloadScreen } from '../screen-code';
import { ResourcePage } from './resource-page';
import { HOME } from '../../lib/tab-labels';

/**
 * The layout's catch-all route (spec section 2: menu routes come from the user's menu tree; a
 * screen outside the user's menu is a 403, anything else a 404). A menu screen without its own page yet says so instead of failing.
 */
export function ScreenResolver() {
  const t = useT();
  const lang = useLang();
  const { pathname } = useLocation();
  const menu = useUserMenu();

  if (menu.isLoading) {
    // While the menu says whether the path is one of the user's screens, its code loads (code
    // only: nothing is shown or asked of the server before the menu answers).
    preloadScreen(pathname);
    return (
      <Center h={240}>
        <Loader aria-label={t('layout.page.loading')} />
      </Center>
    );
  }
  if (menu.isError) {
    return (
      <Alert color="red" title={t('layout.nav.error')} role="alert">
        <Button size="xs" variant="light" color="red" onClick={menu.refetch}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  const leaf = findLeafByPath(menu.leaves, pathname);
  // A screen the console has but this user's menu does not grant is forbidden, not missing.
  if (!leaf) return <Navigate to={hasResourcePage(pathname) ? '/403' : '/404'} replace />;
  if (hasResourcePage(leaf.path)) return <ResourcePage path={leaf.path} />;

  return (
    <Center mih={320}>
      <Stack align="center" gap="sm" maw={520} ta="center">
        <IconHourglassHigh size={48} stroke={1.4} aria-hidden="true" />
        <Title order={1} size="h2">
          {menuLabel(leaf, lang)}
        </Title>
        <Text c="dimmed">{t('layout.comingSoon.text')}</Text>
        <Text size="sm">
          {t('layout.comingSoon.route')} <Code>{leaf.path}</Code>
        </Text>
        <Anchor component={Link} to={HOME}>
          {t('common.backHome')}
        </Anchor>
      </Stack>
    </Center>
  );
}
