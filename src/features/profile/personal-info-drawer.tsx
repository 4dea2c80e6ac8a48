import { Button, Drawer, Group, Tabs } from '@mantine/core';
import { useState } from 'react';
import { useT } from '../../state/hooks';
import { PasswordForm } from './password-form';
import { ProfileTab } from './profile-form';
import { ProfileEditDialog } from './profile-edit-dialog';

/** Spec section 9: the personal-info drawer is 632px wide. */
export const DRAWER_WIDTH = 632;

/** The personal-info drawer (spec screen 4): modify personal info, modify password. */
export function PersonalInfoDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const [tab, setTab] = useState<string | null>('info');
  const [editing, setEditing] = useState(false);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={DRAWER_WIDTH}
      title={t('profile.drawerTitle')}
    >
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="info">{t('profile.tabInfo')}</Tabs.Tab>
          <Tabs.Tab value="password">{t('profile.tabPassword')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info">
          <Group justify="flex-end" mb="sm">
            <Button variant="light" size="xs" onClick={() => setEditing(true)}>
              {t('profile.editDialog.open')}
            </Button>
          </Group>
          <ProfileTab />
        </Tabs.Panel>
        <Tabs.Panel value="password">
          <PasswordForm />
        </Tabs.Panel>
      </Tabs>
      <ProfileEditDialog opened={editing} onClose={() => setEditing(false)} />
    </Drawer>
  );
}
