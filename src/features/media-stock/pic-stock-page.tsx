import { Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconFolderPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import type { ApiError } from '../../api/client';
import {
  ROOT_FOLDER,
  usePicFoldersQuery,
  useRemovePicFolderMutation,
  type PicFolder,
} from '../../api/media-stock';
import { useT } from '../../state/hooks';
import { useConfirm } from '../../components/confirm-dialog';
import { usePermissions } from '../../state/permissions-context';
import { FolderDialog, type FolderDialogMode } from './folder-dialog';
import { FolderTree, type FolderItem } from './folder-tree';
import { PictureBrowser } from './picture-browser';
import { toast } from '../../components/toast';

/** The button code of uploads and folder writes (the seeded menu's `upload` button). */
export const PIC_STOCK_WRITE = 'pic_stock_upload';

const toItems = (folders: readonly PicFolder[]): FolderItem[] =>
  folders.map((f) => ({ id: f.id, label: f.title || f.name, children: toItems(f.children ?? []) }));

function indexFolders(folders: readonly PicFolder[], into = new Map<string, PicFolder>()) {
  for (const f of folders) {
    into.set(f.id, f);
    indexFolders(f.children ?? [], into);
  }
  return into;
}

/**
 * /system/pic-stock: the folder tree on the left (the library's top level, then the folders;
 * create, rename and remove with the upload permission), the chosen folder's pictures on the
 * right.
 */
export default function PicStockPage() {
  const t = useT();
  const canWrite = usePermissions().has(PIC_STOCK_WRITE);
  const folders = usePicFoldersQuery();
  const [removeFolder] = useRemovePicFolderMutation();
  const [confirmDialog, confirm] = useConfirm();
  const [chosen, setChosen] = useState(ROOT_FOLDER);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set([ROOT_FOLDER]));
  const [dialog, setDialog] = useState<FolderDialogMode>();

  const byId = useMemo(() => indexFolders(folders.data ?? []), [folders.data]);
  const rootName = t('media.pic.root');
  const root = useMemo<FolderItem>(
    () => ({ id: ROOT_FOLDER, label: rootName, children: toItems(folders.data ?? []) }),
    [folders.data, rootName],
  );
  // A folder removed (here or elsewhere) falls back to the top level.
  const selected = chosen === ROOT_FOLDER || byId.has(chosen) ? chosen : ROOT_FOLDER;
  const folder = byId.get(selected);
  const selectedName = folder?.name ?? rootName;

  const closeDialog = (saved?: PicFolder) => {
    const mode = dialog;
    setDialog(undefined);
    if (!saved || mode?.kind !== 'create') return;
    // Show the new folder: open its parent and choose it.
    setExpanded(new Set([...expanded, mode.parentId]));
    setChosen(saved.id);
    toast('success', t('messages.added'));
  };

  const remove = async () => {
    if (!folder) return;
    if (!(await confirm(t('media.pic.confirmRemoveFolder', { name: folder.name })))) return;
    try {
      await removeFolder(folder.id).unwrap();
      setChosen(folder.parentId && byId.has(folder.parentId) ? folder.parentId : ROOT_FOLDER);
      toast('success', t('messages.deleted'));
    } catch (err) {
      // Not empty (the server names the folder), gone, or no permission.
      toast('error', (err as ApiError).message || t('errors.submitFailed'));
    }
  };

  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {t('media.pic.title')}
      </Title>
      <Grid gutter="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 4, lg: 3 }}>
          <Paper withBorder p="sm" component="section" aria-label={t('media.pic.folders')}>
            <Stack gap="xs">
              <Title order={2} size="h5">
                {t('media.pic.folders')}
              </Title>
              {canWrite && (
                <Group gap={4}>
                  <Button
                    size="compact-xs"
                    variant="light"
                    leftSection={<IconFolderPlus size={14} />}
                    onClick={() =>
                      setDialog({ kind: 'create', parentId: selected, parentName: selectedName })
                    }
                  >
                    {t('media.pic.newFolder')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    leftSection={<IconEdit size={14} />}
                    disabled={!folder}
                    onClick={() => folder && setDialog({ kind: 'rename', folder })}
                  >
                    {t('media.pic.renameFolder')}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    disabled={!folder}
                    onClick={() => void remove()}
                  >
                    {t('media.pic.removeFolder')}
                  </Button>
                </Group>
              )}
              {folders.isLoading ? (
                <Loader size="sm" aria-label={t('common.loading')} />
              ) : folders.isError ? (
                <Stack gap={4} align="flex-start">
                  <Text size="sm" c="red.8" role="alert">
                    {(folders.error as ApiError | undefined)?.message ||
                      t('media.pic.foldersFailed')}
                  </Text>
                  <Button size="compact-xs" variant="light" onClick={() => void folders.refetch()}>
                    {t('common.retry')}
                  </Button>
                </Stack>
              ) : (
                <FolderTree
                  root={root}
                  selected={selected}
                  onSelect={setChosen}
                  expanded={expanded}
                  onExpandedChange={setExpanded}
                  label={t('media.pic.folderTreeLabel')}
                />
              )}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8, lg: 9 }}>
          <PictureBrowser
            key={selected}
            folderId={selected}
            folderName={selectedName}
            canWrite={canWrite}
            confirm={confirm}
          />
        </Grid.Col>
      </Grid>
      {dialog && <FolderDialog mode={dialog} onClose={closeDialog} />}
      {confirmDialog}
    </Stack>
  );
}
