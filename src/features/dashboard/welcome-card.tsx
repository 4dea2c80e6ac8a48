import { Avatar, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useProfileQuery } from '../../api/user';
import { serverTextIn } from '../../contracts/server-texts';
import { useAppSelector, useLang, useT } from '../../state/hooks';
import { greetingKey } from './greeting';

/** Only http(s) and same-origin avatars are shown; anything else falls back to initials. */
function safeAvatar(url: string | undefined): string | undefined {
  if (!url) return undefined;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return /^https?:\/\//i.test(url) ? url : undefined;
}

/**
 * Greeting, account, tenant and role of the signed-in user. The role is shown by its name (超级管理员)
 * from the user's own profile (blade-user/info, which the top bar's user menu reads too): the
 * session's `role_name` holds the role aliases (administrator), BladeX's token claim for role checks.
 */
export function WelcomeCard() {
  const t = useT();
  const lang = useLang();
  const session = useAppSelector((s) => s.session.session);
  const roleNames = useProfileQuery().data?.roleName;
  const sideName = useAppSelector((s) => s.ui.personalisation.sideName);
  const name = session?.real_name || session?.nick_name || session?.user_name || '';
  const site = sideName.trim() || t('app.name');
  const facts = [
    { label: t('dashboard.account'), value: session?.account || session?.user_name || '-' },
    { label: t('dashboard.tenant'), value: session?.tenant_id || '-' },
    { label: t('dashboard.role'), value: roleNames ? serverTextIn(lang, roleNames) : '-' },
  ];
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="dashboard-welcome">
      <Group wrap="nowrap" align="flex-start">
        <Avatar src={safeAvatar(session?.avatar)} size={56} radius="xl" alt="">
          {name.slice(0, 1)}
        </Avatar>
        <Stack gap={4} miw={0}>
          <Title order={2} size="h3" id="dashboard-welcome">
            {t(greetingKey(new Date().getHours()), { name })}
          </Title>
          <Text c="dimmed">{t('dashboard.welcome', { site })}</Text>
          <Group gap="lg" mt={4}>
            {facts.map((f) => (
              <Text key={f.label} size="sm">
                <Text span c="dimmed">
                  {f.label}
                </Text>{' '}
                {f.value}
              </Text>
            ))}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}
