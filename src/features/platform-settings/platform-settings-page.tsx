import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { useLang, useT } from '../../state/hooks';
import { PLATFORM_DECLARATIONS, type PlatformKey } from '../../contracts/platform-settings';
import { usePermissions } from '../../state/permissions-context';
import { ConfigForm } from './config-form';
import { ConfigView } from './config-view';
import { usePlatformSettingQuery } from './platform-api';

/**
 * One platform's configuration page (/setting/platform/<key>), driven by its declaration in
 * src/contracts/platform-settings.ts: the read-only view with who changed it last and when, and
 * an Edit button for holders of `<code>_edit` that turns the view into the form.
 */
export function PlatformSettingsPage({ platform }: { platform: PlatformKey }) {
  const t = useT();
  const lang = useLang();
  const decl = PLATFORM_DECLARATIONS[platform];
  const canEdit = usePermissions().has(`${decl.code}_edit`);
  const query = usePlatformSettingQuery(platform);
  const [editing, setEditing] = useState(false);
  const detail = query.data;

  const heading = (
    <Group justify="space-between" align="center">
      <Title order={1} size="h3">
        {decl.title[lang]}
      </Title>
      {canEdit && detail && !editing && (
        <Button leftSection={<IconEdit size={16} aria-hidden />} onClick={() => setEditing(true)}>
          {t('platformSettings.edit')}
        </Button>
      )}
    </Group>
  );

  if (!detail)
    return (
      <Stack gap="md">
        {heading}
        {query.isError ? (
          <Alert color="red" variant="light" title={t('platformSettings.loadFailed')}>
            <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : (
          <Center py="xl">
            <Loader aria-label={t('common.loading')} />
          </Center>
        )}
      </Stack>
    );

  const lastChange = detail.updateTime
    ? t('platformSettings.lastChanged', {
        user: detail.updateUserName || detail.updateUser || t('platformSettings.someone'),
        time: detail.updateTime,
      })
    : t('platformSettings.never');

  return (
    <Stack gap="md">
      {heading}
      <Text size="sm" c="dimmed" data-testid="platform-last-change">
        {lastChange}
      </Text>
      {!canEdit && (
        <Text size="sm" c="dimmed">
          {t('platformSettings.readOnly')}
        </Text>
      )}
      {editing ? (
        // A 409's Reload leaves the form and loads the newer configuration (as the tables do).
        <ConfigForm
          key={detail.version}
          decl={decl}
          detail={detail}
          onClose={() => setEditing(false)}
          onReload={() => {
            setEditing(false);
            void query.refetch();
          }}
        />
      ) : (
        <ConfigView decl={decl} config={detail.config} />
      )}
    </Stack>
  );
}
