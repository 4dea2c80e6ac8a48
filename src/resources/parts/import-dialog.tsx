import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ApiError } from '../../api/client';
import {
  downloadImportResult,
  downloadImportTemplate,
  uploadImport,
  type ImportEndpoints,
  type ImportResult,
} from '../../api/import';
import { useAppDispatch, useT } from '../../state/hooks';
import { saveBlob } from '../../lib/save-blob';
import type { MessageKey } from '../../i18n';

/** Spec section 9: uploads are at most 10 MB by default. */
export const DEFAULT_IMPORT_MAX_MB = 10;
const MB = 1024 * 1024;
/** How many row problems the dialog lists (the result file has them all). */
const SHOWN_ERRORS = 5;

export interface ImportDialogProps {
  title: string;
  endpoints: ImportEndpoints;
  /** Name the template is saved under. */
  templateFileName: string;
  /** What the file holds (shown under the template button). */
  hint?: string;
  /** Offers the 'overwrite existing' switch (sent as isCovered=0/1). */
  coverable?: boolean;
  /** What overwriting does for this import. */
  coverHint?: string;
  /** The resource service whose lists reload after a successful import. */
  refresh?: string;
  maxSizeMb?: number;
  /**
   * What the import's own answer adds below the outcome (stores: the codes that exist, to merge
   * or keep separately); its buttons must be `type="button"`.
   */
  renderResult?(result: ImportResult & Record<string, unknown>): ReactNode;
  /** `changed`: something was imported (the screen reloads its list). */
  onClose(changed: boolean): void;
}

interface Problem {
  key: MessageKey;
  params?: Record<string, string | number>;
}

const messageOf = (err: unknown) => (err as Partial<ApiError>).message;

/** 'users.xlsx' -> 'users' (the result file is named after the upload). */
const baseName = (name: string) => name.replace(/\.xlsx$/i, '') || 'import';

/** The answer of an upload: counts, the earlier import of the same file, or the bad rows. */
function ResultView({
  result,
  onDownload,
  downloading,
  downloadError,
}: {
  result: ImportResult;
  onDownload(): void;
  downloading: boolean;
  downloadError: string | undefined;
}) {
  const t = useT();
  if (result.status === 'success') {
    return (
      <Alert color="green" variant="light" title={t('import.success')}>
        {t('import.successCounts', {
          total: result.total,
          created: result.created,
          updated: result.updated,
        })}
      </Alert>
    );
  }
  if (result.status === 'duplicate') {
    return (
      <Alert color="yellow" variant="light" title={t('import.duplicate')}>
        {t('import.duplicateDetail', {
          time: result.importTime,
          created: result.created,
          updated: result.updated,
        })}
      </Alert>
    );
  }
  const more = result.errors.length > SHOWN_ERRORS || result.failed > SHOWN_ERRORS;
  return (
    <Alert color="red" variant="light" title={t('import.failed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('import.failedDetail', { failed: result.failed })}</Text>
        <List size="sm" spacing={2}>
          {result.errors.slice(0, SHOWN_ERRORS).map((e, i) => (
            <List.Item key={`${e.row}-${e.column}-${i}`}>
              {e.column
                ? t('import.errorCell', { row: e.row, column: e.column, message: e.message })
                : t('import.errorRow', { row: e.row, message: e.message })}
            </List.Item>
          ))}
        </List>
        {more && (
          <Text size="sm" c="dimmed">
            {t('import.moreErrors', { count: Math.max(result.errors.length, result.failed) })}
          </Text>
        )}
        {result.resultId && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconDownload size={14} />}
            loading={downloading}
            onClick={onDownload}
          >
            {t('import.downloadResult')}
          </Button>
        )}
        {downloadError && (
          <Text size="sm" c="red.8" role="alert">
            {downloadError}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * A generic Excel import (server/lib/import): download the template, choose one .xlsx (its
 * type and size are checked before anything is sent), optionally overwrite existing records,
 * upload, then read the outcome: the counts; the earlier import of the same file; or the bad
 * rows, nothing written, with their result file to download. Files come and go through the
 * authenticated client. Every control is a native button or input inside the modal's focus
 * trap; the outcome is announced (aria-live).
 */
export function ImportDialog({
  title,
  endpoints,
  templateFileName,
  hint,
  coverable = false,
  coverHint,
  refresh,
  maxSizeMb = DEFAULT_IMPORT_MAX_MB,
  renderResult,
  onClose,
}: ImportDialogProps) {
  const t = useT();
  const dispatch = useAppDispatch();
  const coverHintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<Problem>();
  const [covered, setCovered] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult>();
  const [failure, setFailure] = useState<string>();
  const [changed, setChanged] = useState(false);
  const [templateBusy, setTemplateBusy] = useState(false);
  const [templateError, setTemplateError] = useState<string>();
  const [resultBusy, setResultBusy] = useState(false);
  const [resultError, setResultError] = useState<string>();

  const choose = (chosen: File | null) => {
    setResult(undefined);
    setFailure(undefined);
    setResultError(undefined);
    setFile(null);
    setProblem(undefined);
    if (!chosen) return;
    if (!/\.xlsx$/i.test(chosen.name)) {
      setProblem({ key: 'import.wrongType', params: { types: 'xlsx' } });
    } else if (chosen.size > maxSizeMb * MB) {
      setProblem({ key: 'import.tooLarge', params: { size: maxSizeMb } });
    } else {
      setFile(chosen);
    }
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    if (!file) {
      if (!problem) setProblem({ key: 'import.chooseFile' });
      return;
    }
    setBusy(true);
    setResult(undefined);
    setFailure(undefined);
    setResultError(undefined);
    try {
      const answer = await uploadImport(dispatch, {
        endpoints,
        file,
        ...(coverable ? { covered } : {}),
        ...(refresh ? { refresh } : {}),
      });
      setResult(answer);
      if (answer.status === 'success') setChanged(true);
    } catch (err) {
      setFailure(messageOf(err) || t('errors.submitFailed'));
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    setTemplateBusy(true);
    setTemplateError(undefined);
    try {
      saveBlob(await downloadImportTemplate(endpoints), templateFileName);
    } catch (err) {
      setTemplateError(messageOf(err) || t('import.templateFailed'));
    } finally {
      setTemplateBusy(false);
    }
  };

  const downloadResult = async () => {
    if (!result?.resultId) return;
    setResultBusy(true);
    setResultError(undefined);
    try {
      const blob = await downloadImportResult(endpoints, result.resultId);
      saveBlob(blob, t('import.resultFile', { name: baseName(result.fileName) }));
    } catch (err) {
      setResultError(messageOf(err) || t('import.resultFailed'));
    } finally {
      setResultBusy(false);
    }
  };

  const close = () => {
    if (!busy) onClose(changed);
  };

  return (
    <Modal
      opened
      onClose={close}
      title={title}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Stack gap={6} align="flex-start">
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={templateBusy}
              onClick={() => void downloadTemplate()}
            >
              {t('import.template')}
            </Button>
            <Text size="sm" c="dimmed">
              {t('import.templateHint', { size: maxSizeMb })}
            </Text>
            {hint && (
              <Text size="sm" c="dimmed">
                {hint}
              </Text>
            )}
            {templateError && (
              <Text size="sm" c="red.8" role="alert">
                {templateError}
              </Text>
            )}
          </Stack>

          <FileInput
            label={t('import.file')}
            placeholder={t('import.filePlaceholder')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={choose}
            clearable
            disabled={busy}
            error={problem ? t(problem.key, problem.params) : undefined}
            withAsterisk
            data-autofocus
          />

          {coverable && (
            <Stack gap={4}>
              <Switch
                label={t('import.cover')}
                checked={covered}
                disabled={busy}
                onChange={(e) => setCovered(e.currentTarget.checked)}
                aria-describedby={coverHint ? coverHintId : undefined}
              />
              {/* Outside the label: Mantine puts a Switch's description inside it, in its name. */}
              {coverHint && (
                <Text id={coverHintId} size="xs" c="dimmed">
                  {coverHint}
                </Text>
              )}
            </Stack>
          )}

          <div aria-live="polite">
            {busy && (
              <Stack gap={4}>
                <Progress value={100} striped animated aria-label={t('import.uploading')} />
                <Text size="sm" c="dimmed">
                  {t('import.uploading')}
                </Text>
              </Stack>
            )}
            {failure && (
              <Alert color="red" variant="light" title={t('import.failed')}>
                {failure}
              </Alert>
            )}
            {result && (
              <ResultView
                result={result}
                onDownload={() => void downloadResult()}
                downloading={resultBusy}
                downloadError={resultError}
              />
            )}
            {result && renderResult?.(result as ImportResult & Record<string, unknown>)}
          </div>

          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.close')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('import.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
