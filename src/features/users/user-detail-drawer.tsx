import { Alert, Box, Button, Drawer, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useUserDetailQuery, type UserDetail } from '../../api/user';
import { serverTextIn } from '../../contracts/server-texts';
import { useLang, useT } from '../../state/hooks';
import type { MessageKey } from '../../i18n';
import { usePlainPhone } from '../../state/use-plain-phone';
import { closeUserDetail, useUserDetailId } from '../../resources/blade-user/user-detail-store';

export const USER_DETAIL_WIDTH = 480;

const DASH = '—';
const shown = (v: unknown): string => {
  if (v === null || v === undefined) return DASH;
  const s = String(v);
  return s.trim() ? s : DASH;
};

/** Status numbers are the contract's (ARCHITECTURE.md); other values show the server's label. */
const STATUS_KEYS: Record<string, MessageKey> = {
  '1': 'users.status.active',
  '0': 'users.status.disabled',
  '2': 'users.status.pending',
};

/**
 * Sex codes differ between dictionaries (the embedded seed: 1 女, 0 男; BladeX: 1 男, 2 女), so
 * the server's label is what gets translated, not the code.
 */
const SEX_KEYS: Record<string, MessageKey> = {
  男: 'users.sex.male',
  女: 'users.sex.female',
  未知: 'users.sex.unknown',
};

type T = ReturnType<typeof useT>;

function statusText(t: T, user: UserDetail): string {
  const key = STATUS_KEYS[String(user.status)];
  return key ? t(key) : shown(user.statusName);
}

function sexText(t: T, user: UserDetail): string {
  const key = user.sexName ? SEX_KEYS[user.sexName.trim()] : undefined;
  return key ? t(key) : shown(user.sexName || user.sex);
}

function tenantText(user: UserDetail, lang: 'zh' | 'en'): string {
  return user.tenantName
    ? `${serverTextIn(lang, user.tenantName)} (${user.tenantId})`
    : shown(user.tenantId);
}

function Fields({ user }: { user: UserDetail }) {
  const t = useT();
  const lang = useLang();
  // Seeded role, department and post names in the console's language (server-texts.ts).
  const named = (v: string | null | undefined) => shown(v ? serverTextIn(lang, v) : v);
  const phone = usePlainPhone(user.phone);
  const phoneText =
    phone.status === 'ready'
      ? shown(phone.phone)
      : phone.status === 'unreadable'
        ? t('users.detail.phoneUnreadable')
        : t('common.loading');
  const fields: [MessageKey, string][] = [
    ['users.field.account', shown(user.account)],
    ['users.field.name', shown(user.name)],
    ['users.field.realName', shown(user.realName)],
    ['users.field.roleName', named(user.roleName)],
    ['users.field.deptName', named(user.deptName)],
    ['users.field.postName', named(user.postName)],
    ['users.field.phone', phoneText],
    ['users.field.email', shown(user.email)],
    ['users.field.sex', sexText(t, user)],
    ['users.field.birthday', shown(user.birthday)],
    ['users.field.status', statusText(t, user)],
    ['users.field.tenant', tenantText(user, lang)],
    ['users.field.createTime', shown(user.createTime)],
  ];
  return (
    <SimpleGrid component="dl" cols={2} spacing="md" verticalSpacing="sm" m={0}>
      {fields.map(([key, value]) => (
        <Box key={key}>
          <Text component="dt" size="sm" c="dimmed">
            {t(key)}
          </Text>
          <Text component="dd" m={0} style={{ wordBreak: 'break-all' }}>
            {value}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

function Details({ id }: { id: string }) {
  const t = useT();
  // A drawer opened on purpose shows the user as they are now, not as first cached.
  const { data, isLoading, isError, error, refetch, isFetching } = useUserDetailQuery(id, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} height={36} />
        ))}
      </Stack>
    );
  }
  if (isError || !data) {
    return (
      <Alert color="red" title={t('users.detail.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {error?.message ? <Text size="sm">{error.message}</Text> : null}
          <Button size="xs" variant="light" onClick={() => void refetch()} loading={isFetching}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <Fields user={data} />;
}

/**
 * The user detail drawer: renders whichever user `openUserDetail(id)` chose. Rendered once
 * inside the signed-in layout (it needs RTK Query).
 */
export function UserDetailDrawer() {
  const t = useT();
  const id = useUserDetailId();
  // The last id stays rendered while the drawer slides out.
  const [lastId, setLastId] = useState(id);
  if (id !== undefined && id !== lastId) setLastId(id);
  const shownId = id ?? lastId;
  return (
    <Drawer
      opened={id !== undefined}
      onClose={closeUserDetail}
      position="right"
      size={USER_DETAIL_WIDTH}
      title={t('users.detail.title')}
      // The store returns focus (it knows the opener even when the drawer mounts open).
      returnFocus={false}
    >
      {shownId !== undefined ? <Details key={shownId} id={shownId} /> : null}
    </Drawer>
  );
}
