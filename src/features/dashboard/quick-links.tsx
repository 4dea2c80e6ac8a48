import {
  Alert,
  Button,
  Card,
  SimpleGrid,
  Skeleton,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Link } from 'react-router';
import { MenuIcon } from '../../components/menu-icon';
import { useLang, useT } from '../../state/hooks';
import { usePermissions } from '../../state/permissions-context';
import { menuLabel, menuTarget } from '../../lib/menu-tree';
import { useUserMenu } from '../menu-search/use-user-menu';
import classes from './dashboard.module.css';

const HOME = '/wel/index';
const COUNT = 8;

/**
 * The first screens of the user's menu that the user holds (their code among the permissions the
 * layout provides), not home itself, not external windows. Nothing else is linked: no fixed list,
 * so a link never leads to a screen the user cannot open.
 */
export function QuickLinks() {
  const t = useT();
  const lang = useLang();
  const menu = useUserMenu();
  const held = usePermissions();
  const leaves = menu.leaves
    .filter((l) => l.path !== HOME && held.has(l.code) && menuTarget(l).kind === 'route')
    .slice(0, COUNT);

  let body;
  if (menu.isLoading) {
    body = (
      <SimpleGrid cols={{ base: 2, sm: 4 }} aria-busy="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={72} />
        ))}
      </SimpleGrid>
    );
  } else if (menu.isError) {
    body = (
      <Alert color="red" variant="light" title={t('layout.nav.error')}>
        <Button size="xs" variant="light" color="red" onClick={menu.refetch}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else if (leaves.length === 0) {
    body = <Text c="dimmed">{t('dashboard.quickLinks.empty')}</Text>;
  } else {
    body = (
      <SimpleGrid cols={{ base: 2, sm: 4 }} component="ul" className={classes.linkList}>
        {leaves.map((leaf) => {
          const target = menuTarget(leaf);
          return (
            <li key={leaf.id}>
              <UnstyledButton
                component={Link}
                to={target.kind === 'route' ? target.to : HOME}
                className={classes.quickLink}
              >
                <MenuIcon name={leaf.source} size={24} />
                <Text size="sm" ta="center">
                  {menuLabel(leaf, lang)}
                </Text>
              </UnstyledButton>
            </li>
          );
        })}
      </SimpleGrid>
    );
  }

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="dashboard-quick-links">
      <Title order={2} size="h4" mb="md" id="dashboard-quick-links">
        {t('dashboard.quickLinks')}
      </Title>
      {body}
    </Card>
  );
}
