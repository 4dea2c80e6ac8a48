import { Alert, Center, Loader, Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { api } from '../../api/api';
import { apiRequest, type ApiError } from '../../api/client';
import { IMPORT_TIMEOUT_MS } from '../../api/import';
import { useResourceOptionsQuery } from '../../api/resource';
import { toast } from '../../components/toast';
import {
  BULK_ORDER,
  BULK_ORDER_CALLS,
  BULK_ORDER_MAX_ROWS,
  type BulkOrderBatch,
} from '../../contracts/platform-client/bulk-order';
import { REFERENCES } from '../../contracts/references';
import type { MessageKey } from '../../i18n';
import { saveBlob } from '../../lib/save-blob';
import { useAppDispatch, useT } from '../../state/hooks';
import { OwnerImportDialog, xlsxProblem } from '../parts/owner-import-dialog';
import type { ActionDialogProps } from '../types';

/** Every .xlsx is a zip: its first bytes are a local file header, 'PK\x03\x04'. */
const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04];

async function leadingBytes(file: Blob, n: number): Promise<Uint8Array> {
  const part = file.slice(0, n);
  if (typeof part.arrayBuffer === 'function') return new Uint8Array(await part.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(part);
  });
}

/**
 * Why a chosen file cannot be sent, checked before anything is: the name (.xlsx), the size (the
 * upload limit) and the content (a zip, as every xlsx is: a renamed text file is refused here;
 * the server checks the workbook inside again).
 */
export async function fileProblem(file: File): Promise<MessageKey | undefined> {
  const named = xlsxProblem(file, {
    wrongType: 'bulkOrders.import.wrongType',
    tooLarge: 'bulkOrders.import.tooLarge',
  });
  if (named) return named;
  const head = await leadingBytes(file, ZIP_SIGNATURE.length).catch(() => new Uint8Array());
  if (!ZIP_SIGNATURE.every((b, i) => head[i] === b)) return 'bulkOrders.import.notXlsx';
  return undefined;
}

interface AppOption {
  id: string;
  appName: string;
  clientName?: string;
  enabled?: number;
}

interface Queued {
  id: string;
  batchNo: string;
  total: number;
}

/**
 * 导入 (toolbar): an app (the psclientApp picker: enabled apps) and an .xlsx checked by name,
 * size and content, sent once as multipart `operation` with an Idempotency-Key
 * (parts/owner-import-dialog). The batch is queued; the list shows its progress.
 */
export default function BulkOrderImportDialog({ onClose }: ActionDialogProps<BulkOrderBatch>) {
  const t = useT();
  const dispatch = useAppDispatch();
  const apps = useResourceOptionsQuery({ path: REFERENCES.psclientApp.picker.path });
  const options = ((Array.isArray(apps.data) ? apps.data : []) as AppOption[])
    .filter((a) => a.enabled === undefined || Number(a.enabled) === 1)
    .map((a) => ({
      value: a.id,
      label: a.clientName ? `${a.appName}（${a.clientName}）` : a.appName,
    }));
  const [queued, setQueued] = useState<Queued>();

  const send = (appId: string, file: File, key: string) => {
    const body = new FormData();
    // Fields before the file: the server reads them as the file arrives.
    body.append('appId', appId);
    body.append('file', file, file.name);
    return apiRequest<Queued>({
      url: BULK_ORDER_CALLS.upload,
      method: 'POST',
      body,
      headers: { 'Idempotency-Key': key },
      timeoutMs: IMPORT_TIMEOUT_MS,
      silent: true,
    });
  };

  return (
    <OwnerImportDialog<Queued>
      title={t('bulkOrders.import.title')}
      owner={{
        label: t('bulkOrders.import.app'),
        options,
        loading: apps.isLoading,
        loadingText: t('bulkOrders.import.appsLoading'),
        emptyText: t('bulkOrders.import.noApps'),
        missing: t('bulkOrders.import.appRequired'),
      }}
      file={{
        label: t('bulkOrders.import.file'),
        placeholder: t('bulkOrders.import.filePlaceholder'),
        missing: t('bulkOrders.import.chooseFile'),
        check: fileProblem,
      }}
      failedTitle={t('bulkOrders.import.failed')}
      closeLabel={t('bulkOrders.import.close')}
      submitLabel={t('bulkOrders.import.submit')}
      send={send}
      onAnswer={(answer) => {
        setQueued(answer);
        dispatch(api.util.invalidateTags([{ type: 'Resource', id: BULK_ORDER }]));
        return true;
      }}
      onReset={() => setQueued(undefined)}
      clearFileWhenSent
      below={
        <Text size="sm" c="dimmed">
          {t('bulkOrders.import.hint', { max: BULK_ORDER_MAX_ROWS })}
        </Text>
      }
      outcome={
        queued && (
          <Alert color="green" variant="light" title={t('bulkOrders.import.queued')}>
            {t('bulkOrders.import.queuedDetail', { batchNo: queued.batchNo, total: queued.total })}
          </Alert>
        )
      }
      onClose={onClose}
    />
  );
}

/** Downloads whose dialog is under way (React's development double effect must not fetch twice). */
const started = new Set<string>();

/** Fetches a file through the authenticated client, saves it and closes (no token in a URL). */
function DownloadDialog({
  what,
  request,
  name,
  onClose,
}: {
  what: string;
  request: () => Promise<Blob>;
  name: string;
  onClose(): void;
}) {
  const t = useT();
  // The dialog's first props: it runs one download, whatever re-renders meanwhile.
  const latest = useRef({ request, name, onClose, t });
  useEffect(() => {
    if (started.has(what)) return;
    started.add(what);
    const { request: fetchFile, name: saveAs } = latest.current;
    fetchFile()
      .then((blob) => saveBlob(blob, saveAs))
      .catch((err: unknown) => {
        // The client has toasted the server's message; a failure without one is said here.
        if ((err as ApiError | undefined)?.status === undefined)
          toast('error', latest.current.t('bulkOrders.download.failed'));
      })
      .finally(() => {
        started.delete(what);
        latest.current.onClose();
      });
  }, [what]);
  return (
    <Modal opened onClose={onClose} title={t('bulkOrders.download.downloading', { name })}>
      <Center py="md">
        <Loader size="sm" aria-hidden />
      </Center>
    </Modal>
  );
}

const template = () => apiRequest<Blob>({ url: BULK_ORDER_CALLS.template, kind: 'blob' });

/** 下载模板 (toolbar). */
export function TemplateDownloadDialog({ onClose }: ActionDialogProps<BulkOrderBatch>) {
  const t = useT();
  return (
    <DownloadDialog
      what="template"
      request={template}
      name={t('bulkOrders.download.template')}
      onClose={() => onClose(false)}
    />
  );
}

/** 下载结果 (row): the batch's result file, one row per input row. */
export function ResultDownloadDialog({ rows, onClose }: ActionDialogProps<BulkOrderBatch>) {
  const t = useT();
  const batch = rows[0]!;
  return (
    <DownloadDialog
      what={`result:${batch.id}`}
      request={() =>
        apiRequest<Blob>({ url: BULK_ORDER_CALLS.result, params: { id: batch.id }, kind: 'blob' })
      }
      name={t('bulkOrders.download.result', { batchNo: batch.batchNo })}
      onClose={() => onClose(false)}
    />
  );
}
