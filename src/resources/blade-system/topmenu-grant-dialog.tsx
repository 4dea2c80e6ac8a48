import { Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useT } from '../../state/hooks';
import type { ApiError } from '../../api/client';
import {
  useGrantTopMenusMutation,
  useGrantTopTreeQuery,
  useTopTreeKeysQuery,
  type GrantTreeNode,
} from '../../api/grant';
import { CheckTree } from '../../components/check-tree';
import { indexTree } from '../../components/check-tree-model';
import type { ActionDialogProps } from '../types';
import type { TopMenu } from '../../contracts/blade-system/topmenu';
import { GrantModal, targetNames } from './grant-modal';
import { toast } from '../../components/toast';

const NO_TREE: GrantTreeNode[] = [];
const NO_KEYS: string[] = [];

/**
 * The menus of top menus (POST topmenu/grant {topMenuIds, menuIds}): the screens the caller
 * holds (GET menu/grant-top-tree), pre-checked from menu/top-tree-keys when one top menu is
 * selected. The sidebar under a top menu shows its linked screens with their ancestors, so the
 * checked nodes are enough (a plain tree: no half-checked parents are added).
 */
export default function TopMenuGrantDialog({ rows, onClose }: ActionDialogProps<TopMenu>) {
  const t = useT();
  const topMenuIds = useMemo(() => rows.map((r) => String(r.id)), [rows]);
  const single = topMenuIds.length === 1;
  const tree = useGrantTopTreeQuery(undefined, { refetchOnMountOrArgChange: true });
  const keys = useTopTreeKeysQuery(topMenuIds, {
    skip: !single,
    refetchOnMountOrArgChange: true,
  });
  const [grant, { isLoading: busy }] = useGrantTopMenusMutation();
  const [edited, setEdited] = useState<string[]>();
  const [failure, setFailure] = useState<string>();

  const nodes = tree.data ?? NO_TREE;
  const inTree = useMemo(() => new Set(indexTree(nodes).order), [nodes]);
  const value = edited ?? (single ? (keys.data ?? NO_KEYS) : NO_KEYS);
  const sent = value.filter((id) => inTree.has(id));

  const loading = tree.isFetching || (single && keys.isFetching);
  const loadFailure = tree.error ?? (single ? keys.error : undefined);
  const loadError = loadFailure ? ((loadFailure as ApiError).message ?? '') : undefined;

  const save = async () => {
    // The server needs at least one menu.
    if (sent.length === 0) {
      setFailure(t('grant.top.needMenu'));
      return;
    }
    setFailure(undefined);
    try {
      await grant({ topMenuIds, menuIds: sent }).unwrap();
      toast('success', t('messages.operationDone'));
      onClose(true);
    } catch (err) {
      setFailure((err as ApiError).message || t('grant.saveFailed'));
    }
  };

  return (
    <GrantModal
      title={t('grant.top.title')}
      targets={t('grant.top.targets', {
        names: targetNames(
          rows.map((r) => r.name),
          t('grant.separator'),
        ),
      })}
      notes={single ? [] : [t('grant.top.several', { count: topMenuIds.length })]}
      loading={loading}
      loadError={loadError}
      onRetry={() => {
        void tree.refetch();
        if (single) void keys.refetch();
      }}
      failure={failure}
      busy={busy}
      onSubmit={() => void save()}
      onClose={() => onClose(false)}
    >
      <CheckTree
        nodes={nodes}
        checked={value}
        onChange={setEdited}
        label={t('grant.top.menus')}
        autoFocus
        maxHeight={420}
      />
      <Text size="xs" c="dimmed">
        {t('grant.checkedCount', { count: sent.length })}
      </Text>
    </GrantModal>
  );
}
