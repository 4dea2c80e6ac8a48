import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconCheck, IconFile, IconUpload, IconX } from '@tabler/icons-react';
import { useId, useRef, useState, type DragEvent } from 'react';
import { uploadFile, type FileRecord } from '../../api/files';
import type { ApiError } from '../../api/client';
import { useT } from '../../state/hooks';
import {
  DEFAULT_LIMITS,
  formatSize,
  screenFiles,
  typesLabel,
  type Rejection,
  type UploadLimits,
} from './upload-rules';

export interface UploadItem {
  uid: string;
  name: string;
  size: number;
  state: 'uploading' | 'done' | 'failed';
  /** While uploading: the whole percent of the file sent, once the browser reports it. */
  percent?: number;
  /** The server's answer once uploaded. */
  record?: FileRecord;
  /** Why it failed (the server's message). */
  error?: string;
}

export interface UploaderProps extends Partial<UploadLimits> {
  /** Called with the uploaded files' records whenever that list changes. */
  onChange?(records: FileRecord[]): void;
  /**
   * Sends one file (default: `blade-resource/oss/endpoint/put-file`), reporting the share sent
   * (0..1) through `onProgress` when it can.
   */
  upload?(
    file: File,
    signal: AbortSignal,
    onProgress: (fraction: number) => void,
  ): Promise<FileRecord>;
  /** The button's text (default 'Choose files'). */
  label?: string;
  disabled?: boolean;
  /** A dialog whose first control is the uploader opens with the focus on its button. */
  autoFocus?: boolean;
}

let uids = 0;

const defaultUpload = (file: File, signal: AbortSignal, onProgress: (f: number) => void) =>
  uploadFile(file, 'put-file', signal, onProgress);

/**
 * The file uploader (spec screen 13, sections 5 and 9): a real button over a hidden file input
 * (and a drop zone), the spec's checks and messages before anything is sent, then one row per
 * file with its state (uploading, uploaded, failed with the server's reason) and a remove
 * button; removing a file that is still uploading cancels it.
 */
export function Uploader({
  accept = DEFAULT_LIMITS.accept,
  maxSizeMb = DEFAULT_LIMITS.maxSizeMb,
  limit = DEFAULT_LIMITS.limit,
  onChange,
  upload = defaultUpload,
  label,
  disabled,
  autoFocus = false,
}: UploaderProps) {
  const t = useT();
  const hintId = useId();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [rejections, setRejections] = useState<Rejection[]>([]);
  const [dragging, setDragging] = useState(false);
  // Read and written in handlers only: the list as of the last change (uploads finish in any
  // order), the running uploads' abort controllers, and the input's reset.
  const current = useRef<UploadItem[]>([]);
  const running = useRef(new Map<string, AbortController>());
  const resetInput = useRef<() => void>(null);
  const limits: UploadLimits = { accept, maxSizeMb, limit };

  const commit = (next: UploadItem[]) => {
    const before = current.current.filter((i) => i.state === 'done').map((i) => i.uid);
    current.current = next;
    setItems(next);
    const done = next.filter((i) => i.state === 'done');
    if (done.length !== before.length || done.some((d, n) => d.uid !== before[n]))
      onChange?.(done.map((d) => d.record!));
  };
  const patch = (uid: string, change: Partial<UploadItem>) =>
    commit(current.current.map((i) => (i.uid === uid ? { ...i, ...change } : i)));

  const send = async (uid: string, file: File) => {
    const controller = new AbortController();
    running.current.set(uid, controller);
    try {
      const progressed = (fraction: number) => {
        const percent = Math.floor(Math.min(1, Math.max(0, fraction)) * 100);
        const item = current.current.find((i) => i.uid === uid);
        // Whole percents only: a large file reports progress many times a second.
        if (!controller.signal.aborted && item?.state === 'uploading' && item.percent !== percent)
          patch(uid, { percent });
      };
      const record = await upload(file, controller.signal, progressed);
      if (!controller.signal.aborted) patch(uid, { state: 'done', record });
    } catch (err) {
      if (!controller.signal.aborted)
        patch(uid, {
          state: 'failed',
          error: (err as ApiError | undefined)?.message || undefined,
        });
    } finally {
      running.current.delete(uid);
    }
  };

  const choose = (files: readonly File[]) => {
    resetInput.current?.();
    if (files.length === 0) return;
    const { accepted, rejected } = screenFiles(
      files,
      current.current.map((i) => i.name),
      limits,
    );
    setRejections(rejected);
    if (accepted.length === 0) return;
    const added = accepted.map((file): UploadItem => ({
      uid: `upload-${++uids}`,
      name: file.name,
      size: file.size,
      state: 'uploading',
    }));
    commit([...current.current, ...added]);
    added.forEach((item, n) => void send(item.uid, accepted[n]!));
  };

  const remove = (uid: string) => {
    running.current.get(uid)?.abort();
    running.current.delete(uid);
    commit(current.current.filter((i) => i.uid !== uid));
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) choose([...e.dataTransfer.files]);
  };

  const types = typesLabel(accept);
  return (
    <Stack gap="sm">
      <Paper
        withBorder
        p="md"
        radius="md"
        style={{
          borderStyle: 'dashed',
          borderColor: dragging ? 'var(--mantine-primary-color-filled)' : undefined,
        }}
        onDragOver={(e) => {
          e.preventDefault();
          if (!dragging) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Group gap="sm" wrap="wrap">
          <FileButton
            multiple
            accept={accept.join(',')}
            onChange={(files) => choose(files)}
            resetRef={resetInput}
            disabled={disabled}
          >
            {(props) => (
              <Button
                {...props}
                leftSection={<IconUpload size={16} />}
                disabled={disabled}
                aria-describedby={hintId}
                {...(autoFocus ? { 'data-autofocus': true } : {})}
              >
                {label ?? t('files.upload.select')}
              </Button>
            )}
          </FileButton>
          <Text size="sm" c="dimmed">
            {t('files.upload.drop')}
          </Text>
        </Group>
        <Text id={hintId} size="xs" c="dimmed" mt="xs">
          {t('files.upload.hint', { types, size: maxSizeMb, limit })}
        </Text>
      </Paper>

      {rejections.length > 0 && (
        <Stack gap={2} role="alert">
          {rejections.map((r, n) => (
            <Text key={`${r.name}-${n}`} size="sm" c="orange.8">
              {r.name}: {t(r.key, r.params)}
            </Text>
          ))}
        </Stack>
      )}

      {items.length > 0 && (
        <Stack component="ul" gap="xs" aria-label={t('files.upload.list')} p={0} m={0}>
          {items.map((item) => (
            <UploadRow key={item.uid} item={item} onRemove={() => remove(item.uid)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function UploadRow({ item, onRemove }: { item: UploadItem; onRemove(): void }) {
  const t = useT();
  return (
    <Paper component="li" withBorder p="xs" radius="sm" style={{ listStyle: 'none' }}>
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon
          variant="light"
          color={item.state === 'failed' ? 'red' : item.state === 'done' ? 'green' : 'blue'}
          aria-hidden
        >
          {item.state === 'done' ? <IconCheck size={16} /> : <IconFile size={16} />}
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Text size="sm" truncate title={item.name}>
              {item.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {formatSize(item.size)}
            </Text>
          </Group>
          {item.state === 'uploading' && item.percent !== undefined ? (
            <Progress
              value={item.percent}
              size="sm"
              aria-label={t('files.upload.uploadingShare', {
                name: item.name,
                percent: item.percent,
              })}
            />
          ) : item.state === 'uploading' ? (
            <Progress
              value={100}
              striped
              animated
              size="sm"
              aria-label={t('files.upload.uploadingFile', { name: item.name })}
            />
          ) : (
            <Text
              size="xs"
              c={item.state === 'done' ? 'green.8' : 'red.8'}
              role={item.state === 'failed' ? 'alert' : undefined}
            >
              {item.state === 'done'
                ? t('files.upload.done')
                : (item.error ?? t('files.upload.failed'))}
            </Text>
          )}
        </Stack>
        <ActionIcon
          variant="subtle"
          color="gray"
          onClick={onRemove}
          aria-label={t('files.upload.remove', { name: item.name })}
        >
          <IconX size={16} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}
