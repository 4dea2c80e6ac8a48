import {
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { ApiError } from '../../api/client';
import { useGrantUserRolesMutation, useRoleTreeQuery, type TreeNode } from '../../api/user-admin';
import { useT } from '../../state/hooks';
import type { User } from '../../contracts/blade-user/user';
import type { ActionDialogProps } from '../types';
import { toast } from '../../components/toast';

/** Pixels a child role is indented by, per level. */
const INDENT_PX = 24;
/** How many selected users the dialog names before '…'. */
const NAMED_USERS = 5;

interface FlatRole {
  id: string;
  title: string;
  depth: number;
}

/** The role tree depth-first, each node with its depth (shown indented). */
function flatten(nodes: readonly TreeNode[], depth = 0, out: FlatRole[] = []): FlatRole[] {
  for (const node of nodes) {
    out.push({ id: String(node.id), title: node.title, depth });
    if (node.children) flatten(node.children, depth + 1, out);
  }
  return out;
}

const splitIds = (ids: string | null | undefined) =>
  (ids ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * 角色配置 (toolbar, over the selected users): the tenant's role tree as an indented list of
 * checkboxes (Tab moves, Space ticks, Enter saves). One user starts with their roles ticked;
 * several start empty, because the call replaces every selected user's roles with the ticked
 * ones (POST blade-user/grant?userIds=&roleIds=). A parent and its children are ticked
 * independently: a role does not imply its child roles.
 */
export default function GrantRolesDialog({ rows, onClose }: ActionDialogProps<User>) {
  const t = useT();
  const roles = useRoleTreeQuery(undefined, { refetchOnMountOrArgChange: true });
  const flat = useMemo(() => flatten(roles.data ?? []), [roles.data]);
  const [checked, setChecked] = useState<string[]>(() =>
    rows.length === 1 ? splitIds(rows[0]?.roleId) : [],
  );
  const [invalid, setInvalid] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [grant, { isLoading: busy }] = useGrantUserRolesMutation();

  // The roles arrive after the modal opened (and its focus trap chose the close button): the
  // first role takes the focus once it is there.
  const firstRole = useRef<HTMLInputElement>(null);
  const rolesShown = flat.length > 0;
  useEffect(() => {
    if (rolesShown) firstRole.current?.focus();
  }, [rolesShown]);

  const names = rows.slice(0, NAMED_USERS).map((u) => u.realName || u.account);
  const namesText = names.join('、') + (rows.length > NAMED_USERS ? '…' : '');

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (busy || flat.length === 0) return;
    // Only roles of the tree: a stale id on the row would be refused by the server.
    const held = new Set(checked);
    const roleIds = flat.filter((r) => held.has(r.id)).map((r) => r.id);
    if (roleIds.length === 0) {
      setInvalid(true);
      return;
    }
    setFailure(undefined);
    try {
      await grant({
        userIds: rows.map((u) => u.id).join(','),
        roleIds: roleIds.join(','),
      }).unwrap();
      toast('success', t('userAdmin.grant.done'));
      onClose(true);
    } catch (err) {
      setFailure((err as Partial<ApiError>).message || t('errors.submitFailed'));
    }
  };

  // Enter on a checkbox saves, as in the other dialogs (browsers do not submit from checkboxes).
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    if (event.key === 'Enter' && target.type === 'checkbox') {
      event.preventDefault();
      void submit();
    }
  };

  let body;
  if (roles.isLoading) {
    body = (
      <Center h={120}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (roles.isError) {
    body = (
      <Alert color="red" variant="light" title={t('userAdmin.grant.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {roles.error?.message ? <Text size="sm">{roles.error.message}</Text> : null}
          <Button size="xs" variant="light" onClick={() => void roles.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else if (flat.length === 0) {
    body = <Text c="dimmed">{t('userAdmin.grant.empty')}</Text>;
  } else {
    body = (
      <Checkbox.Group
        label={t('userAdmin.grant.roles')}
        value={checked}
        onChange={(next) => {
          setChecked(next);
          setInvalid(false);
        }}
        error={invalid ? t('userAdmin.grant.none') : undefined}
      >
        <ScrollArea.Autosize mah={360} type="auto" mt="xs">
          <Stack gap={8} py={2}>
            {flat.map((role, i) => (
              <Checkbox
                key={role.id}
                value={role.id}
                label={role.title}
                disabled={busy}
                style={{ paddingInlineStart: role.depth * INDENT_PX }}
                ref={i === 0 ? firstRole : undefined}
                // Whichever comes last, the modal's own first focus or the roles' arrival, the
                // first role ends up focused.
                data-autofocus={i === 0 ? true : undefined}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Checkbox.Group>
    );
  }

  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose(false);
      }}
      title={t('userAdmin.grant.title')}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <form onSubmit={(e) => void submit(e)} onKeyDown={onKeyDown} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            {t('userAdmin.grant.users', { count: rows.length, names: namesText })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('userAdmin.grant.hint')}
          </Text>
          {failure && (
            <Alert color="red" variant="light">
              {failure}
            </Alert>
          )}
          {body}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={flat.length === 0}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
