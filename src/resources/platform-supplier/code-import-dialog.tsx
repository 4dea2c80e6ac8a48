import {
  Alert,
  Anchor,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import type { CodeImportResult } from '../../contracts/platform-supplier/coupon-code';
import type { MessageKey } from '../../i18n';
import { saveBlob } from '../../lib/save-blob';
import { useAppDispatch, useT } from '../../state/hooks';
import { DEFAULT_IMPORT_MAX_MB } from '../parts/import-dialog';
import {
  downloadCodeImportResult,
  downloadCodeTemplate,
  messageOf,
  uploadCodes,
  useSendOnce,
  type CodeUpload,
} from './code-api';
import { useCouponGoods } from './code-dialogs';
import { SearchSelect } from '../../components/search-select';

const MB = 1024 * 1024;
/** How many bad rows the dialog lists (the result file has them all). */
const SHOWN_ERRORS = 5;

/**
 * 导入 (batch toolbar): a coupon-code good and an .xlsx file (type and size checked before
 * anything is sent) go to import-batch-coupon with an Idempotency-Key; the upload shows its
 * percent, then the outcome: the codes written and the new batch, or the bad rows (nothing
 * written) with the result file to download.
 */
export default function CodeImportDialog({ onClose }: { onClose(changed?: boolean): void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const goods = useCouponGoods();
  const [goodId, setGoodId] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<{ good?: string; file?: string }>({});
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<CodeImportResult>();
  const [failure, setFailure] = useState<string>();
  const [note, setNote] = useState<string>();
  const [changed, setChanged] = useState(false);
  const { run, busy } = useSendOnce(
    (upload: CodeUpload, key: string) => uploadCodes(dispatch, upload, key, setProgress),
    ({ goodId: good, file: f }) => `${good}|${f.name}|${f.size}|${f.lastModified}`,
  );

  const choose = (chosen: File | null) => {
    setResult(undefined);
    setFailure(undefined);
    setFile(null);
    setProblem((p) => ({ ...p, file: undefined }));
    if (!chosen) return;
    let key: MessageKey | undefined;
    if (!/\.xlsx$/i.test(chosen.name)) key = 'couponCode.import.wrongType';
    else if (chosen.size > DEFAULT_IMPORT_MAX_MB * MB) key = 'couponCode.import.tooLarge';
    if (key) setProblem((p) => ({ ...p, file: t(key, { size: DEFAULT_IMPORT_MAX_MB }) }));
    else setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const wrong = {
      ...(goodId ? {} : { good: t('couponCode.goodRequired') }),
      ...(file ? {} : { file: problem.file ?? t('couponCode.import.chooseFile') }),
    };
    setProblem(wrong);
    if (!goodId || !file) return;
    setResult(undefined);
    setFailure(undefined);
    setProgress(0);
    const answer = await run({ goodId, file });
    if (answer.ok) {
      setResult(answer.value);
      if (answer.value.status === 'success') setChanged(true);
    } else if (answer.error !== undefined) {
      setFailure(messageOf(answer.error, t('errors.submitFailed')));
    }
  };

  const download = async (what: 'template' | 'result') => {
    setNote(undefined);
    try {
      if (what === 'template')
        saveBlob(await downloadCodeTemplate(), t('couponCode.import.templateFile'));
      else if (result?.resultId)
        saveBlob(
          await downloadCodeImportResult(result.resultId),
          t('couponCode.import.resultFile', { name: result.fileName.replace(/\.xlsx$/i, '') }),
        );
    } catch (error) {
      setNote(
        messageOf(
          error,
          t(
            what === 'template'
              ? 'couponCode.import.templateFailed'
              : 'couponCode.import.resultFailed',
          ),
        ),
      );
    }
  };

  const close = () => {
    if (!busy) onClose(changed);
  };
  const uploaded = Math.round(progress * 100);

  return (
    <Modal
      opened
      onClose={close}
      title={t('couponCode.import.title')}
      size="lg"
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <SearchSelect
            label={t('couponCode.good')}
            data={goods.options}
            value={goodId}
            onChange={(v) => {
              setGoodId(v);
              setProblem((p) => ({ ...p, good: undefined }));
            }}
            withAsterisk
            data-autofocus
            disabled={busy}
            error={problem.good}
            placeholder={goods.loading ? t('couponCode.goodsLoading') : undefined}
            nothingFoundMessage={t('couponCode.noGoods')}
            comboboxProps={{ withinPortal: true }}
          />
          <FileInput
            label={t('couponCode.import.file')}
            placeholder={t('couponCode.import.filePlaceholder')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            leftSection={<IconFileSpreadsheet size={16} />}
            value={file}
            onChange={choose}
            clearable
            withAsterisk
            disabled={busy}
            error={problem.file}
          />
          <Stack gap={4} align="flex-start">
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => void download('template')}
            >
              {t('couponCode.import.template')}
            </Anchor>
            <Text size="sm" c="dimmed">
              {t('couponCode.import.hint')}
            </Text>
          </Stack>

          <div aria-live="polite">
            {busy && (
              <Stack gap={4}>
                <Progress
                  value={uploaded}
                  animated={uploaded >= 100}
                  striped={uploaded >= 100}
                  aria-label={t('couponCode.import.uploading', { percent: uploaded })}
                />
                <Text size="sm" c="dimmed">
                  {uploaded >= 100
                    ? t('couponCode.import.checking')
                    : t('couponCode.import.uploading', { percent: uploaded })}
                </Text>
              </Stack>
            )}
            {failure && (
              <Alert color="red" variant="light" title={t('couponCode.import.failed')} role="alert">
                {failure}
              </Alert>
            )}
            {result && <Outcome result={result} onDownload={() => void download('result')} />}
            {note && (
              <Text size="sm" c="red.8" role="alert">
                {note}
              </Text>
            )}
          </div>

          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {t('couponCode.close')}
            </Button>
            <Button type="submit" loading={busy} disabled={busy}>
              {t('couponCode.import.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Outcome({ result, onDownload }: { result: CodeImportResult; onDownload(): void }) {
  const t = useT();
  if (result.status === 'success')
    return (
      <Alert color="green" variant="light" title={t('couponCode.import.success')}>
        {t('couponCode.import.successDetail', {
          count: result.created,
          batchNo: result.batchNo ?? '',
        })}
      </Alert>
    );
  if (result.status === 'duplicate')
    return (
      <Alert color="yellow" variant="light" title={t('couponCode.import.duplicate')}>
        {t('couponCode.import.duplicateDetail', { count: result.created })}
      </Alert>
    );
  const count = Math.max(result.failed, result.errors.length);
  return (
    <Alert color="red" variant="light" title={t('couponCode.import.failed')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('couponCode.import.failedDetail', { failed: result.failed })}</Text>
        <List size="sm" spacing={2}>
          {result.errors.slice(0, SHOWN_ERRORS).map((e, i) => (
            <List.Item key={`${e.row}-${i}`}>
              {e.column
                ? t('couponCode.import.errorCell', {
                    row: e.row,
                    column: e.column,
                    reason: e.message,
                  })
                : t('couponCode.import.errorRow', { row: e.row, reason: e.message })}
            </List.Item>
          ))}
        </List>
        {count > SHOWN_ERRORS && (
          <Text size="sm" c="dimmed">
            {t('couponCode.import.moreErrors', { count })}
          </Text>
        )}
        {result.resultId && (
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconDownload size={14} />}
            onClick={onDownload}
          >
            {t('couponCode.import.downloadResult')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
