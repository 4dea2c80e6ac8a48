import {
  Alert,
  Avatar,
  Box,
  Button,
  Center,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconEdit, IconId, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useProfileQuery } from '../../api/user';
import { useT } from '../../state/hooks';
import { openPersonalInfo } from './drawer-state';
import { usePlainPhone } from '../../state/use-plain-phone';
import { useLogout } from './use-logout';
import { ProfileEditDialog } from './profile-edit-dialog';

const DASH = '—';
const shown = (v: string | null | undefined) => (v && v.trim() ? v : DASH);

/** /info/index (spec screen 3): the signed-in user's own details, edit and log out. */
export function InfoPage() {
  const t = useT();
  const { data, isLoading, isError, refetch, isFetching } = useProfileQuery();
  const phone = usePlainPhone(data?.phone);
  const [logoutDialog, logout] = useLogout();
  const [editing, setEditing] = useState(false);

  let body;
  if (isLoading) {
    body = (
      <Center py="xl">
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (isError || !data) {
    body = (
      <Alert color="red" title={t('profile.loadFailed')}>
        <Button size="xs" variant="light" onClick={() => void refetch()} loading={isFetching}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  } else {
    const phoneText =
      phone.status === 'ready'
        ? shown(phone.phone)
        : phone.status === 'unreadable'
          ? t('profile.phoneUnreadable')
          : t('common.loading');
    const fields: [string, string][] = [
      [t('profile.account'), shown(data.account)],
      [t('profile.tenantId'), shown(data.tenantId)],
      [t('profile.realName'), shown(data.realName)],
      [t('profile.name'), shown(data.name)],
      [t('profile.birthday'), shown(data.birthday)],
      [t('profile.phone'), phoneText],
      [t('profile.email'), shown(data.email)],
    ];
    const displayName = data.realName || data.name || data.account;
    body = (
      <Paper withBorder p="lg" radius="md">
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Avatar
            src={data.avatar || null}
            name={displayName}
            color="initials"
            size={96}
            radius={96}
            alt={t('profile.avatarOf', { name: displayName })}
          />
          <Stack gap="md" style={{ flex: 1, minWidth: 260 }}>
            <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" m={0}>
              {fields.map(([label, value]) => (
                <Box key={label}>
                  <Text component="dt" size="sm" c="dimmed">
                    {label}
                  </Text>
                  <Text component="dd" m={0} style={{ wordBreak: 'break-all' }}>
                    {value}
                  </Text>
                </Box>
              ))}
            </SimpleGrid>
            <Group gap="sm">
              <Button leftSection={<IconEdit size={16} />} onClick={() => openPersonalInfo()}>
                {t('profile.edit')}
              </Button>
              <Button
                variant="light"
                leftSection={<IconId size={16} />}
                onClick={() => setEditing(true)}
              >
                {t('profile.editDialog.open')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconLogout size={16} />}
                onClick={() => void logout()}
              >
                {t('profile.logout')}
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>
    );
  }

  return (
    <Box component="section" aria-labelledby="info-page-title" p="md" maw={960}>
      <Title id="info-page-title" order={2} size="h3" mb="md">
        {t('profile.pageTitle')}
      </Title>
      {body}
      {logoutDialog}
      <ProfileEditDialog opened={editing} onClose={() => setEditing(false)} />
    </Box>
  );
}
