import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import { TransferList, type TransferItem, type TransferSide } from '../../components/transfer-list';
import type { GroupStore, StoreGroup } from '../../contracts/platform-supplier/store-group';
import { STORE_GROUP_SERVICE } from '../../contracts/platform-supplier/sup-store';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/** How many available stores one search shows (the filter narrows the rest). */
const LEFT_PAGE = 200;

interface Page<T> {
  records: T[];
  total: number;
}

const asItem = (s: GroupStore & { regionName?: string }): TransferItem => ({
  id: s.id,
  label: s.storeName,
  description: [s.storeCode, s.supName, s.regionName].filter(Boolean).join(' · '),
});

/** Waits until typing pauses before the text searches the server. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The store group's create and edit dialog: its name and remark, and its stores through the
 * keyboard-usable transfer list (available stores searched on the server by name, chosen ones
 * filtered here). saveGroup writes the group and its stores at once.
 */
export default function StoreGroupDialog({ rows, onClose }: ActionDialogProps<StoreGroup>) {
  const t = useT();
  const group = rows[0];
  const [name, setName] = useState(group?.groupName ?? '');
  const [remark, setRemark] = useState(group?.remark ?? '');
  const [nameError, setNameError] = useState<string>();
  const refusal = useRefusal(['groupName', 'remark', 'storeIds']);
  const [search, setSearch] = useState('');
  const settled = useSettled(search);
  const [chosen, setChosen] = useState<Map<string, TransferItem>>();

  const members = useResourceOptionsQuery(
    { path: `${STORE_GROUP_SERVICE}/listStoreByGroupId`, params: { groupId: group?.id ?? '' } },
    { skip: !group },
  );
  const available = useResourceOptionsQuery({
    path: `${STORE_GROUP_SERVICE}/listLeftStore`,
    params: { size: String(LEFT_PAGE), ...(settled.trim() ? { keyword: settled.trim() } : {}) },
  });
  const [submit, saving] = useResourceSubmitMutation();

  // The chosen stores start as the group's (once loaded); a new group starts empty. Until the
  // user moves one, they are derived from that answer.
  const initial = useMemo(() => {
    if (!group) return new Map<string, TransferItem>();
    if (!Array.isArray(members.data)) return undefined;
    return new Map((members.data as GroupStore[]).map((s) => [s.id, asItem(s)]));
  }, [group, members.data]);
  const current = chosen ?? initial;

  const page = available.data as Page<GroupStore> | undefined;
  const pool = useMemo(() => (page?.records ?? []).map(asItem), [page]);
  const left = useMemo(() => pool.filter((i) => !current?.has(i.id)), [pool, current]);
  const right = useMemo(() => [...(current?.values() ?? [])], [current]);

  const move = (ids: readonly string[], to: TransferSide) =>
    setChosen((previous) => {
      const next = new Map(previous ?? initial);
      if (to === 'right') {
        for (const id of ids) {
          const item = pool.find((i) => i.id === id);
          if (item) next.set(id, item);
        }
      } else for (const id of ids) next.delete(id);
      return next;
    });

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving.isLoading) return;
    if (!name.trim()) {
      setNameError(t('supplierStores.group.nameRequired'));
      return;
    }
    refusal.clear();
    try {
      await submit({
        service: STORE_GROUP_SERVICE,
        path: 'saveGroup',
        body: {
          ...(group ? { id: group.id, version: group.version } : {}),
          groupName: name.trim(),
          remark,
          storeIds: [...(current?.keys() ?? [])],
        },
      }).unwrap();
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
      return;
    }
    toast('success', t(group ? 'messages.updated' : 'messages.added'));
    onClose(true);
  };

  const loadFailed = available.isError || members.isError;
  return (
    <Modal
      opened
      size={860}
      onClose={() => onClose(false)}
      title={
        group
          ? t('supplierStores.group.titleEdit', { name: group.groupName })
          : t('supplierStores.group.titleNew')
      }
    >
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label={t('supplierStores.group.name')}
              value={name}
              maxLength={64}
              withAsterisk
              error={nameError ?? refusal.error('groupName')}
              onChange={(e) => {
                setName(e.currentTarget.value);
                setNameError(undefined);
                refusal.clear('groupName');
              }}
              data-autofocus
            />
            <Textarea
              label={t('supplierStores.group.remark')}
              value={remark}
              maxLength={500}
              autosize
              minRows={1}
              onChange={(e) => {
                setRemark(e.currentTarget.value);
                refusal.clear('remark');
              }}
              error={refusal.error('remark')}
            />
          </Group>
          <Text fw={500} size="sm">
            {t('supplierStores.group.stores')}
          </Text>
          {loadFailed && (
            <Alert color="red" variant="light">
              {t('supplierStores.group.loadFailed')}
            </Alert>
          )}
          {current ? (
            <TransferList
              left={left}
              right={right}
              loading={available.isFetching}
              onMove={move}
              onFilter={(side, text) => (side === 'left' ? setSearch(text) : undefined)}
              texts={{
                leftTitle: t('supplierStores.transfer.left'),
                rightTitle: t('supplierStores.transfer.right'),
                filter: t('supplierStores.transfer.filter'),
                moveRight: t('supplierStores.transfer.moveRight'),
                moveLeft: t('supplierStores.transfer.moveLeft'),
                count: t('supplierStores.transfer.count'),
                empty: t('supplierStores.transfer.empty'),
                help: t('supplierStores.transfer.help'),
              }}
            />
          ) : (
            <Text size="sm" c="dimmed">
              {t('supplierStores.group.loading')}
            </Text>
          )}
          {page && page.total > page.records.length && (
            <Text size="xs" c="dimmed">
              {t('supplierStores.group.more', { shown: page.records.length, total: page.total })}
            </Text>
          )}
          {refusal.error('storeIds') && (
            <Text size="sm" c="red" role="alert">
              {refusal.error('storeIds')}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)}>
              {t('supplierStores.group.cancel')}
            </Button>
            <Button type="submit" loading={saving.isLoading}>
              {t('supplierStores.group.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
