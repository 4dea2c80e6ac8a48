import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconHome,
  IconLogout,
  IconSwitchHorizontal,
  IconUser,
  IconUserEdit,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useProfileQuery } from '../../../api/user';
import { openPersonalInfo } from '../../../features/profile/drawer-state';
import { useLogout } from '../../../features/profile/use-logout';
import { useAppSelector, useT } from '../../../state/hooks';
import { switchIdentityDialog } from '../../../state/shell-dialogs';
import { HOME_PATH, SWITCH_MODE } from '../../../state/shell-context';
import { lazyComponent } from '../../../lib/lazy-component';

const SwitchIdentityDialog = lazyComponent(() =>
  import('../../../features/profile/switch-identity-dialog').then((m) => ({
    default: m.SwitchIdentityDialog,
  })),
);

/**
 * Avatar and display name with the user menu (spec screen 1): dashboard, user info, personal
 * info (the drawer), switch department/role in switch mode, and log out after confirming.
 */
export function UserMenu() {
  const t = useT();
  const navigate = useNavigate();
  const session = useAppSelector((s) => s.session.session);
  const [logoutDialog, logout] = useLogout();
  const switchOpen = switchIdentityDialog.use() === true;
  const [switchLoaded, setSwitchLoaded] = useState(false);
  if (switchOpen && !switchLoaded) setSwitchLoaded(true);
  // Focus goes back here when what the menu opened closes (menu items are gone by then).
  const target = useRef<HTMLButtonElement>(null);
  // The profile (shared with the info page and drawer) reflects edits; the token's copy of
  // name and avatar only changes at the next login.
  const { data: profile } = useProfileQuery();
  const name =
    profile?.name ||
    session?.nick_name ||
    session?.real_name ||
    session?.account ||
    session?.user_name ||
    '';
  const avatar = profile ? profile.avatar : session?.avatar;

  return (
    <>
      <Menu position="bottom-end" withArrow shadow="md" width={200}>
        <Menu.Target>
          <UnstyledButton
            ref={target}
            aria-label={t('topbar.userMenu', { name })}
            px={6}
            py={4}
            style={{ color: 'inherit', borderRadius: 'var(--mantine-radius-sm)' }}
          >
            <Group gap={8} wrap="nowrap">
              {/* Decorative (the name follows): the photo or a person icon, filled in the
                  primary colour. Initials would read as part of the button's text ("小小运"),
                  which then no longer matches its accessible name (axe, WCAG 2.5.3), and the
                  light per-name colours read below 4.5:1. */}
              <Avatar
                src={avatar || null}
                color="brand"
                variant="filled"
                size={30}
                radius="xl"
                alt=""
                aria-hidden
              />
              <Text size="sm" fw={500} visibleFrom="sm" maw={140} truncate="end">
                {name}
              </Text>
              <IconChevronDown size={14} aria-hidden />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconHome size={16} />} onClick={() => navigate(HOME_PATH)}>
            {t('topbar.dashboard')}
          </Menu.Item>
          <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate('/info/index')}>
            {t('topbar.userInfo')}
          </Menu.Item>
          <Menu.Item
            leftSection={<IconUserEdit size={16} />}
            onClick={() => openPersonalInfo(target.current)}
          >
            {t('topbar.personalInfo')}
          </Menu.Item>
          {SWITCH_MODE && (
            <Menu.Item
              leftSection={<IconSwitchHorizontal size={16} />}
              onClick={() => {
                setSwitchLoaded(true);
                switchIdentityDialog.open(true);
              }}
            >
              {t('topbar.switchIdentity')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => void logout()}
          >
            {t('topbar.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {logoutDialog}
      {switchLoaded && (
        <SwitchIdentityDialog
          opened={switchOpen}
          onClose={() => {
            switchIdentityDialog.close();
            target.current?.focus();
          }}
        />
      )}
    </>
  );
}
