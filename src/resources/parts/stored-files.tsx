import { ActionIcon, Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { FileRecord } from '../../api/files';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import { Uploader } from './uploader';

/**
 * A party's stored files of one kind, edited as a set (a supplier's qualification and agreement
 * files, an access party's): the stored ones (each removable), the uploader for more, and save,
 * which replaces the set with what is kept and what was added.
 */

/** What the servers accept (sup/routes.ts, psclient/routes.ts): documents and images. */
const ACCEPT = ['.pdf', '.jpg', '.jpeg', '.png', '.doc', '.docx', '.xls', '.xlsx'];
/** 10 MB each, 20 at most. */
const MAX_MB = 10;
const MAX_FILES = 20;

interface Kept {
  attachId: string;
  fileName: string;
}

export interface StoredFilesTexts {
  current: MessageKey;
  loading: MessageKey;
  loadFailed: MessageKey;
  none: MessageKey;
  /** The remove button's name, with {name}. */
  remove: MessageKey;
  add: MessageKey;
  save: MessageKey;
}

/**
 * The state of a set of stored files: `load` lists them ({attachId, fileName}[]), `save` is the
 * submit that replaces them with the attachIds given; `onSaved` follows a saved set (the stored
 * list then holds what was added: the editor starts again from it).
 */
export function useStoredFiles({
  load,
  save,
  onSaved,
}: {
  load: { path: string; params: Record<string, string> };
  save(attachIds: string[]): { service: string; path: string; body: Record<string, unknown> };
  onSaved(): void;
}) {
  const t = useT();
  const stored = useResourceOptionsQuery(load);
  const [kept, setKept] = useState<Kept[]>();
  const [added, setAdded] = useState<FileRecord[]>([]);
  const [uploader, setUploader] = useState(0);
  // The files are no field the user types: every refusal is a toast.
  const refusal = useRefusal([]);
  const [submitCall, { isLoading: busy }] = useResourceSubmitMutation();
  const current: Kept[] =
    kept ??
    ((stored.data as Kept[] | undefined) ?? []).map((f) => ({
      attachId: f.attachId,
      fileName: f.fileName,
    }));

  const submit = async () => {
    const attachIds = [...current.map((f) => f.attachId), ...added.map((f) => f.attachId)];
    try {
      await submitCall(save(attachIds)).unwrap();
      toast('success', t('messages.updated'));
      setKept(undefined);
      setAdded([]);
      setUploader((n) => n + 1);
      onSaved();
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
    }
  };
  const remove = (attachId: string) => setKept(current.filter((k) => k.attachId !== attachId));
  return { stored, current, remove, setAdded, uploader, submit, busy };
}

/** The editor of `useStoredFiles`' set; `cancel` stands before save. */
export function StoredFilesEditor({
  files,
  texts,
  autoFocus,
  cancel,
  pt,
}: {
  files: ReturnType<typeof useStoredFiles>;
  texts: StoredFilesTexts;
  /** The uploader takes the focus (the dialog has nothing before it). */
  autoFocus?: boolean;
  cancel?: ReactNode;
  pt?: string;
}) {
  const t = useT();
  const { stored, current } = files;
  return (
    <Stack gap="md" pt={pt}>
      <Text fw={500} size="sm">
        {t(texts.current)}
      </Text>
      {stored.isLoading ? (
        <Loader size="sm" aria-label={t(texts.loading)} />
      ) : stored.isError ? (
        <Alert color="red">{t(texts.loadFailed)}</Alert>
      ) : current.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t(texts.none)}
        </Text>
      ) : (
        <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {current.map((f) => (
            <Group key={f.attachId} component="li" gap="xs" wrap="nowrap">
              <Anchor
                size="sm"
                href={`/api/blade-resource/attach/download?id=${encodeURIComponent(f.attachId)}`}
                target="_blank"
                rel="noopener"
              >
                {f.fileName}
              </Anchor>
              <ActionIcon
                variant="subtle"
                color="red"
                size="sm"
                aria-label={t(texts.remove, { name: f.fileName })}
                onClick={() => files.remove(f.attachId)}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      {/* The uploader states the types, the size limit and how many: said once. */}
      <Uploader
        key={files.uploader}
        autoFocus={autoFocus}
        accept={ACCEPT}
        maxSizeMb={MAX_MB}
        limit={Math.max(1, MAX_FILES - current.length)}
        label={t(texts.add)}
        onChange={files.setAdded}
      />
      <Group justify="flex-end">
        {cancel}
        <Button onClick={() => void files.submit()} loading={files.busy}>
          {t(texts.save)}
        </Button>
      </Group>
    </Stack>
  );
}
