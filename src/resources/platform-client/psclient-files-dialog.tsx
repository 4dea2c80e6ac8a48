import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Tabs,
  Text,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import type { FileRecord } from '../../api/files';
import { toast } from '../../components/toast';
import {
  PSCLIENT_FILE_KINDS,
  PSCLIENT_FILE_SERVICE,
  type Psclient,
  type PsclientFile,
} from '../../contracts/platform-client/psclient';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import { Uploader } from '../parts/uploader';
import type { ActionDialogProps } from '../types';

/** What the server accepts (psclient/routes.ts): documents and images, 10 MB each, 20 at most. */
const ACCEPT = ['.pdf', '.jpg', '.jpeg', '.png', '.doc', '.docx', '.xls', '.xlsx'];
const MAX_FILES = 20;

type Call = keyof typeof PSCLIENT_FILE_KINDS;

interface Kept {
  attachId: string;
  fileName: string;
}

/** One kind of files: the stored ones (removable), the uploader, and save (replaces the set). */
function FilesPanel({ party, call, onSaved }: { party: Psclient; call: Call; onSaved(): void }) {
  const t = useT();
  const stored = useResourceOptionsQuery({
    path: `${PSCLIENT_FILE_SERVICE}/${call}`,
    params: { clientId: party.id },
  });
  const [kept, setKept] = useState<Kept[]>();
  const [added, setAdded] = useState<FileRecord[]>([]);
  const [uploader, setUploader] = useState(0);
  // The files are no field the user types: every refusal is a toast.
  const refusal = useRefusal([]);
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
  const current: Kept[] =
    kept ??
    ((stored.data as PsclientFile[] | undefined) ?? []).map((f) => ({
      attachId: f.attachId,
      fileName: f.fileName,
    }));

  const submit = async () => {
    const attachIds = [...current.map((f) => f.attachId), ...added.map((f) => f.attachId)];
    try {
      await save({
        service: PSCLIENT_FILE_SERVICE,
        path: 'submit',
        body: { clientId: party.id, kind: PSCLIENT_FILE_KINDS[call], attachIds },
      }).unwrap();
      toast('success', t('messages.updated'));
      // The stored list now holds what was added: start again from it.
      setKept(undefined);
      setAdded([]);
      setUploader((n) => n + 1);
      onSaved();
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
    }
  };

  return (
    <Stack gap="md" pt="md">
      <Text fw={500} size="sm">
        {t('clientAccess.files.current')}
      </Text>
      {stored.isLoading ? (
        <Loader size="sm" aria-label={t('clientAccess.loading')} />
      ) : stored.isError ? (
        <Alert color="red">{t('clientAccess.loadFailed')}</Alert>
      ) : current.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('clientAccess.files.none')}
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
                aria-label={t('clientAccess.files.remove', { name: f.fileName })}
                onClick={() => setKept(current.filter((k) => k.attachId !== f.attachId))}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Uploader
        key={uploader}
        accept={ACCEPT}
        maxSizeMb={10}
        limit={Math.max(1, MAX_FILES - current.length)}
        label={t('clientAccess.files.add')}
        onChange={setAdded}
      />
      <Group justify="flex-end">
        <Button onClick={() => void submit()} loading={busy}>
          {t('clientAccess.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * 文件: an access party's qualification (listFile) and agreement (listArgeementFile) files, each
 * kind saved on its own through the uploader, as a supplier's files are.
 */
export default function PsclientFilesDialog({ rows, onClose }: ActionDialogProps<Psclient>) {
  const t = useT();
  const party = rows[0];
  const [changed, setChanged] = useState(false);
  if (!party) return null;
  return (
    <Modal
      opened
      onClose={() => onClose(changed)}
      title={t('clientAccess.files.title', { name: party.clientName })}
      size="lg"
    >
      <Tabs defaultValue="listFile" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="listFile" data-autofocus>
            {t('clientAccess.files.qualifications')}
          </Tabs.Tab>
          <Tabs.Tab value="listArgeementFile">{t('clientAccess.files.agreements')}</Tabs.Tab>
        </Tabs.List>
        {(Object.keys(PSCLIENT_FILE_KINDS) as Call[]).map((call) => (
          <Tabs.Panel key={call} value={call}>
            <FilesPanel party={party} call={call} onSaved={() => setChanged(true)} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
