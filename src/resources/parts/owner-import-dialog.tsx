import { Alert, Button, FileInput, Group, Modal, Stack } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { refusalMessage, useSendOnce } from '../../api/send-once';
import { SearchSelect } from '../../components/search-select';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import { DEFAULT_IMPORT_MAX_MB } from './import-dialog';

const MB = 1024 * 1024;

/** The name (.xlsx) and size (the upload limit) checks of a chosen workbook. */
export function xlsxProblem<K extends MessageKey>(
  file: File,
  texts: { wrongType: K; tooLarge: K },
): K | undefined {
  if (!/\.xlsx$/i.test(file.name)) return texts.wrongType;
  if (file.size > DEFAULT_IMPORT_MAX_MB * MB) return texts.tooLarge;
  return undefined;
}

export interface OwnerImportDialogProps<R> {
  /** Texts are in the console's language (the caller's `t`). */
  title: string;
  /** Whose the rows are, chosen first (an app, a coupon code good). */
  owner: {
    label: string;
    options: { value: string; label: string }[];
    loading: boolean;
    loadingText: string;
    emptyText: string;
    missing: string;
  };
  file: {
    label: string;
    placeholder: string;
    missing: string;
    /** Why the chosen file cannot be sent (said with {size}: the limit in MB), checked at once. */
    check(file: File): MessageKey | undefined | Promise<MessageKey | undefined>;
  };
  failedTitle: string;
  closeLabel: string;
  submitLabel: string;
  /** Sends the upload with its Idempotency-Key. */
  send(ownerId: string, file: File, idempotencyKey: string): Promise<R>;
  /** The answer arrived: whether the lists changed. */
  onAnswer(answer: R): boolean;
  /** A new file, or a new send, drops the outcome shown. */
  onReset(): void;
  /** A sent file is dropped (a new one is chosen for the next import). */
  clearFileWhenSent?: boolean;
  /** Under the file field: the hint, the template. */
  below?: ReactNode;
  /** Shown while the upload runs. */
  progress?: ReactNode;
  /** The last answer (after a failure's alert). */
  outcome?: ReactNode;
  onClose(changed: boolean): void;
}

/**
 * An import of rows that belong to one owner (an app's bulk orders, a good's coupon codes): the
 * owner and an .xlsx, checked before anything is sent, then one upload with an Idempotency-Key
 * (a repeated click or Enter sends one request; a lost answer is retried with the same key). The
 * dialog does not close while the upload runs.
 */
export function OwnerImportDialog<R>(props: OwnerImportDialogProps<R>) {
  const { owner, file: fileSpec } = props;
  const t = useT();
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ owner?: string; file?: string }>({});
  const [failure, setFailure] = useState<string>();
  const [changed, setChanged] = useState(false);
  const { run, busy } = useSendOnce(
    ({ id, chosen }: { id: string; chosen: File }, key: string) => props.send(id, chosen, key),
    ({ id, chosen }) => `${id}|${chosen.name}|${chosen.size}|${chosen.lastModified}`,
  );

  const choose = (chosen: File | null) => {
    props.onReset();
    setFailure(undefined);
    setFile(null);
    setProblem((p) => ({ ...p, file: undefined }));
    if (!chosen) return;
    const take = (key: MessageKey | undefined) => {
      if (key) setProblem((p) => ({ ...p, file: t(key, { size: DEFAULT_IMPORT_MAX_MB }) }));
      else setFile(chosen);
    };
    // A check that needs to read the file answers later; the others at once.
    const checked = fileSpec.check(chosen);
    if (checked instanceof Promise) void checked.then(take);
    else take(checked);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setProblem({
      ...(ownerId ? {} : { owner: owner.missing }),
      ...(file ? {} : { file: problem.file ?? fileSpec.missing }),
    });
    if (!ownerId || !file) return;
    props.onReset();
    setFailure(undefined);
    const answer = await run({ id: ownerId, chosen: file });
    if (answer.ok) {
      if (props.onAnswer(answer.value)) setChanged(true);
      if (props.clearFileWhenSent) setFile(null);
    } else if (answer.error !== undefined) {
      setFailure(refusalMessage(answer.error, t('errors.submitFailed')));
    }
  };

  const close = () => {
    if (!busy) props.onClose(changed);
  };

  return (
    <Modal
      opened
      onClose={close}
      title={props.title}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <SearchSelect
            label={owner.label}
            data={owner.options}
            value={ownerId}
            onChange={(v) => {
              setOwnerId(v);
              setProblem((p) => ({ ...p, owner: undefined }));
            }}
            withAsterisk
            data-autofocus
            disabled={busy}
            error={problem.owner}
            placeholder={owner.loading ? owner.loadingText : undefined}
            nothingFoundMessage={owner.emptyText}
            comboboxProps={{ withinPortal: true }}
          />
          <FileInput
            label={fileSpec.label}
            placeholder={fileSpec.placeholder}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={choose}
            clearable
            withAsterisk
            disabled={busy}
            error={problem.file}
          />
          {props.below}
          <div aria-live="polite">
            {busy && props.progress}
            {failure && (
              <Alert color="red" variant="light" title={props.failedTitle} role="alert">
                {failure}
              </Alert>
            )}
            {props.outcome}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {props.closeLabel}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
