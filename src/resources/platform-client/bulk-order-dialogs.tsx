import { Alert, Button, Center, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api } from '../../api/api';
import { apiRequest, type ApiError } from '../../api/client';
import { IMPORT_TIMEOUT_MS } from '../../api/import';
import { useResourceOptionsQuery } from '../../api/resource';
import { refusalMessage, useSendOnce } from '../../api/send-once';
import { SearchSelect } from '../../components/search-select';
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
import { DEFAULT_IMPORT_MAX_MB } from '../parts/import-dialog';
import type { ActionDialogProps } from '../types';

const MB = 1024 * 1024;
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
  if (!/\.xlsx$/i.test(file.name)) return 'bulkOrders.import.wrongType';
  if (file.size > DEFAULT_IMPORT_MAX_MB * MB) return 'bulkOrders.import.tooLarge';
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
 * size and content, sent once as multipart `operation` with an Idempotency-Key (a repeated click
 * or Enter sends one request; a lost answer is retried with the same key). The batch is queued;
 * the list shows its progress.
 */
export default function BulkOrderImportDialog({ onClose }: ActionDialogProps<BulkOrderBatch>) {
  const t = useT();
  const dispatch = useAppDispatch();
  const picker = REFERENCES.psclientApp.picker;
  const apps = useResourceOptionsQuery({ path: picker.path });
  const options = ((Array.isArray(apps.data) ? apps.data : []) as AppOption[])
    .filter((a) => a.enabled === undefined || Number(a.enabled) === 1)
    .map((a) => ({
      value: a.id,
      label: a.clientName ? `${a.appName}（${a.clientName}）` : a.appName,
    }));
  const [appId, setAppId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ app?: string; file?: string }>({});
  const [queued, setQueued] = useState<Queued>();
  const [failure, setFailure] = useState<string>();
  const [changed, setChanged] = useState(false);
  const { run, busy } = useSendOnce(
    ({ app, chosen }: { app: string; chosen: File }, key: string) => {
      const body = new FormData();
      // Fields before the file: the server reads them as the file arrives.
      body.append('appId', app);
      body.append('file', chosen, chosen.name);
      return apiRequest<Queued>({
        url: BULK_ORDER_CALLS.upload,
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
        timeoutMs: IMPORT_TIMEOUT_MS,
        silent: true,
      });
    },
    ({ app, chosen }) => `${app}|${chosen.name}|${chosen.size}|${chosen.lastModified}`,
  );

  const choose = async (chosen: File | null) => {
    setQueued(undefined);
    setFailure(undefined);
    setFile(null);
    setProblem((p) => ({ ...p, file: undefined }));
    if (!chosen) return;
    const key = await fileProblem(chosen);
    if (key) setProblem((p) => ({ ...p, file: t(key, { size: DEFAULT_IMPORT_MAX_MB }) }));
    else setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const wrong = {
      ...(appId ? {} : { app: t('bulkOrders.import.appRequired') }),
      ...(file ? {} : { file: problem.file ?? t('bulkOrders.import.chooseFile') }),
    };
    setProblem(wrong);
    if (!appId || !file) return;
    setFailure(undefined);
    const answer = await run({ app: appId, chosen: file });
    if (answer.ok) {
      setQueued(answer.value);
      setFile(null);
      setChanged(true);
      dispatch(api.util.invalidateTags([{ type: 'Resource', id: BULK_ORDER }]));
    } else if (answer.error !== undefined) {
      setFailure(refusalMessage(answer.error, t('errors.submitFailed')));
    }
  };

  const close = () => {
    if (!busy) onClose(changed);
  };

  return (
    <Modal
      opened
      onClose={close}
      title={t('bulkOrders.import.title')}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <SearchSelect
            label={t('bulkOrders.import.app')}
            data={options}
            value={appId}
            onChange={(v) => {
              setAppId(v);
              setProblem((p) => ({ ...p, app: undefined }));
            }}
            withAsterisk
            data-autofocus
            disabled={busy}
            error={problem.app}
            placeholder={apps.isLoading ? t('bulkOrders.import.appsLoading') : undefined}
            nothingFoundMessage={t('bulkOrders.import.noApps')}
            comboboxProps={{ withinPortal: true }}
          />
          <FileInput
            label={t('bulkOrders.import.file')}
            placeholder={t('bulkOrders.import.filePlaceholder')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={(f) => void choose(f)}
            clearable
            withAsterisk
            disabled={busy}
            error={problem.file}
          />
          <Text size="sm" c="dimmed">
            {t('bulkOrders.import.hint', { max: BULK_ORDER_MAX_ROWS })}
          </Text>
          <div aria-live="polite">
            {failure && (
              <Alert color="red" variant="light" title={t('bulkOrders.import.failed')} role="alert">
                {failure}
              </Alert>
            )}
            {queued && (
              <Alert color="green" variant="light" title={t('bulkOrders.import.queued')}>
                {t('bulkOrders.import.queuedDetail', {
                  batchNo: queued.batchNo,
                  total: queued.total,
                })}
              </Alert>
            )}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('bulkOrders.import.close')}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              {t('bulkOrders.import.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
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
