import { Tabs, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useAppSelector, useT } from '../../state/hooks';
import type { ApiError } from '../../api/client';
import {
  useGrantRolesMutation,
  useGrantTreeQuery,
  useRoleTreeKeysQuery,
  type GrantTreeNode,
} from '../../api/grant';
import { CheckTree } from '../../components/check-tree';
import { indexTree, leafIds } from '../../components/check-tree-model';
import type { ActionDialogProps } from '../types';
import type { Role } from '../../contracts/blade-system/role';
import { GrantModal, targetNames } from './grant-modal';
import { toast } from '../../components/toast';

type TreeName = 'menu' | 'dataScope' | 'apiScope';
const TREES: readonly TreeName[] = ['menu', 'dataScope', 'apiScope'];
const TAB_KEYS = {
  menu: 'grant.role.tabMenu',
  dataScope: 'grant.role.tabDataScope',
  apiScope: 'grant.role.tabApiScope',
} as const;

const NO_KEYS: Record<TreeName, string[]> = { menu: [], dataScope: [], apiScope: [] };
const NO_TREE: GrantTreeNode[] = [];

/**
 * The ids each tree may send. Menus: every node, so the value's half-checked parents travel with
 * the checked menus and buttons (the menu tree links ancestors) and a screen whose buttons are
 * granted is granted itself and shows in the sidebar. Scope trees hang the scopes under their
 * menus: only the scopes (the leaves) are sent. Ids outside the trees (held by the role but not
 * by the caller) are left out: the server would refuse them.
 */
function grantable(trees: Partial<Record<TreeName, GrantTreeNode[]>> | undefined) {
  const ids = (name: TreeName) => {
    const index = indexTree(trees?.[name] ?? NO_TREE);
    return name === 'menu' ? new Set(index.order) : leafIds(index);
  };
  return { menu: ids('menu'), dataScope: ids('dataScope'), apiScope: ids('apiScope') };
}

/**
 * The role grant (spec section 3 "Role grant"): menus and buttons, data scopes and API scopes
 * for the selected roles, from GET menu/grant-tree (what the caller may hand out). One role:
 * pre-checked from menu/role-tree-keys. Several: they all get the same choice, starting empty.
 * Saves with POST role/grant {roleIds, menuIds, dataScopeIds, apiScopeIds}; the server signs
 * out the holders of those roles.
 */
export default function RoleGrantDialog({ rows, onClose }: ActionDialogProps<Role>) {
  const t = useT();
  const roleIds = useMemo(() => rows.map((r) => String(r.id)), [rows]);
  const single = roleIds.length === 1;
  const trees = useGrantTreeQuery(undefined, { refetchOnMountOrArgChange: true });
  const keys = useRoleTreeKeysQuery(roleIds, { skip: !single, refetchOnMountOrArgChange: true });
  const [grant, { isLoading: busy }] = useGrantRolesMutation();
  const [edits, setEdits] = useState<Partial<Record<TreeName, string[]>>>({});
  const [tab, setTab] = useState<TreeName>('menu');
  const [failure, setFailure] = useState<string>();
  const myRoles = useAppSelector((s) => s.session.session?.role_id ?? '');

  const initial = single ? keys.data : NO_KEYS;
  const value = (name: TreeName) => edits[name] ?? initial?.[name] ?? [];
  const tree = (name: TreeName) => trees.data?.[name] ?? NO_TREE;
  const allowed = useMemo(() => grantable(trees.data), [trees.data]);
  const sent = (name: TreeName) => value(name).filter((id) => allowed[name].has(id));

  const loading = trees.isFetching || (single && keys.isFetching);
  const loadFailure = trees.error ?? (single ? keys.error : undefined);
  const loadError = loadFailure ? ((loadFailure as ApiError).message ?? '') : undefined;

  const held = new Set(myRoles.split(',').filter(Boolean));
  const notes = [
    ...(single ? [] : [t('grant.role.several', { count: roleIds.length })]),
    ...(roleIds.some((id) => held.has(id)) ? [t('grant.role.ownRole')] : []),
  ];

  const save = async () => {
    setFailure(undefined);
    const body = {
      roleIds,
      menuIds: sent('menu'),
      dataScopeIds: sent('dataScope'),
      apiScopeIds: sent('apiScope'),
    };
    try {
      await grant(body).unwrap();
      toast('success', t('messages.operationDone'));
      onClose(true);
    } catch (err) {
      setFailure((err as ApiError).message || t('grant.saveFailed'));
    }
  };

  return (
    <GrantModal
      title={t('grant.role.title')}
      targets={t('grant.role.targets', {
        names: targetNames(
          rows.map((r) => r.roleName),
          t('grant.separator'),
        ),
      })}
      notes={notes}
      loading={loading}
      loadError={loadError}
      onRetry={() => {
        void trees.refetch();
        if (single) void keys.refetch();
      }}
      failure={failure}
      busy={busy}
      onSubmit={() => void save()}
      onClose={() => onClose(false)}
    >
      <Tabs value={tab} onChange={(v) => v && setTab(v as TreeName)} keepMounted>
        <Tabs.List>
          {TREES.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(TAB_KEYS[name])}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TREES.map((name) => (
          <Tabs.Panel key={name} value={name} pt="sm">
            <CheckTree
              nodes={tree(name)}
              checked={value(name)}
              onChange={(ids) => setEdits((e) => ({ ...e, [name]: ids }))}
              label={t(TAB_KEYS[name])}
              linkAncestors={name === 'menu'}
              autoFocus={name === 'menu'}
            />
            <Text size="xs" c="dimmed" mt={4}>
              {t('grant.checkedCount', { count: sent(name).length })}
            </Text>
          </Tabs.Panel>
        ))}
      </Tabs>
    </GrantModal>
  );
}
