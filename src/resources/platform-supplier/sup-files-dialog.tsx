import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Text,
} from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import type { FileRecord } from '../../api/files';
import { toast } from '../../components/toast';
import {
  SUP_SERVICE,
  type Supplier,
  type SupplierFile,
} from '../../contracts/platform-supplier/sup';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import { Uploader } from '../parts/uploader';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/** What the server accepts (sup/routes.ts): documents and images, 10 MB each, 20 at most. */
const ACCEPT = ['.pdf', '.jpg', '.jpeg', '.png', '.doc', '.docx', '.xls', '.xlsx'];
const MAX_FILES = 20;

interface Kept {
  attachId: string;
  fileName: string;
}

function FilesDialog({
  rows,
  onClose,
  call,
  title,
}: ActionDialogProps<Supplier> & { call: string; title: MessageKey }) {
  const t = useT();
  const sup = rows[0];
  const path = `${SUP_SERVICE}/${call}`;
  const stored = useResourceOptionsQuery({ path, params: { supId: sup?.id ?? '' } });
  const [kept, setKept] = useState<Kept[]>();
  const [added, setAdded] = useState<FileRecord[]>([]);
  // The files are no field the user types: every refusal is a toast.
  const refusal = useRefusal([]);
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
  const current: Kept[] =
    kept ??
    ((stored.data as SupplierFile[] | undefined) ?? []).map((f) => ({
      attachId: f.attachId,
      fileName: f.fileName,
    }));

  const submit = async () => {
    if (!sup) return;
    const attachIds = [...current.map((f) => f.attachId), ...added.map((f) => f.attachId)];
    try {
      await save({ service: SUP_SERVICE, path: call, body: { supId: sup.id, attachIds } }).unwrap();
      toast('success', t('messages.updated'));
      onClose(false);
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t(title, { name: sup?.supName ?? '' })}
      size="lg"
    >
      <Stack gap="md">
        <Text fw={500} size="sm">
          {t('supplier.files.current')}
        </Text>
        {stored.isLoading ? (
          <Loader size="sm" aria-label={t('supplier.loading')} />
        ) : stored.isError ? (
          <Alert color="red">{t('supplier.loadFailed')}</Alert>
        ) : current.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('supplier.files.none')}
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
                  aria-label={t('supplier.files.remove', { name: f.fileName })}
                  onClick={() => setKept(current.filter((k) => k.attachId !== f.attachId))}
                >
                  <IconX size={14} />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        )}
        {/* The uploader states the types, the size limit and how many: said once. */}
        <Uploader
          autoFocus
          accept={ACCEPT}
          maxSizeMb={10}
          limit={Math.max(1, MAX_FILES - current.length)}
          label={t('supplier.files.add')}
          onChange={setAdded}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
            {t('supplier.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy}>
            {t('supplier.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** 资质文件 (sup-file): the supplier's qualification files, through the uploader. */
export default function QualificationFilesDialog(props: ActionDialogProps<Supplier>) {
  return <FilesDialog {...props} call="sup-file" title="supplier.files.title" />;
}

/** 协议文件 (sup-argeement-file): the supplier's agreement files. */
export function AgreementFilesDialog(props: ActionDialogProps<Supplier>) {
  return <FilesDialog {...props} call="sup-argeement-file" title="supplier.agreements.title" />;
}
