import { Alert, Anchor, Button, List, Progress, Stack, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { CodeImportResult } from '../../contracts/platform-supplier/coupon-code';
import { saveBlob } from '../../lib/save-blob';
import { useAppDispatch, useT } from '../../state/hooks';
import { OwnerImportDialog, xlsxProblem } from '../parts/owner-import-dialog';
import { downloadCodeImportResult, downloadCodeTemplate, messageOf, uploadCodes } from './code-api';
import { useCouponGoods } from './code-dialogs';

/** How many bad rows the dialog lists (the result file has them all). */
const SHOWN_ERRORS = 5;

/**
 * 导入 (batch toolbar): a coupon-code good and an .xlsx file (type and size checked before
 * anything is sent) go to import-batch-coupon with an Idempotency-Key (parts/owner-import-dialog);
 * the upload shows its percent, then the outcome: the codes written and the new batch, or the bad
 * rows (nothing written) with the result file to download.
 */
export default function CodeImportDialog({ onClose }: { onClose(changed?: boolean): void }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const goods = useCouponGoods();
  const [progress, setProgress] = useState(0);
  const [result, setResult] = useState<CodeImportResult>();
  const [note, setNote] = useState<string>();

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
  const uploaded = Math.round(progress * 100);

  return (
    <OwnerImportDialog<CodeImportResult>
      title={t('couponCode.import.title')}
      owner={{
        label: t('couponCode.good'),
        options: goods.options,
        loading: goods.loading,
        loadingText: t('couponCode.goodsLoading'),
        emptyText: t('couponCode.noGoods'),
        missing: t('couponCode.goodRequired'),
      }}
      file={{
        label: t('couponCode.import.file'),
        placeholder: t('couponCode.import.filePlaceholder'),
        missing: t('couponCode.import.chooseFile'),
        check: (file) =>
          xlsxProblem(file, {
            wrongType: 'couponCode.import.wrongType',
            tooLarge: 'couponCode.import.tooLarge',
          }),
      }}
      failedTitle={t('couponCode.import.failed')}
      closeLabel={t('couponCode.close')}
      submitLabel={t('couponCode.import.submit')}
      send={(goodId, file, key) => uploadCodes(dispatch, { goodId, file }, key, setProgress)}
      onAnswer={(answer) => {
        setResult(answer);
        return answer.status === 'success';
      }}
      onReset={() => {
        setResult(undefined);
        setProgress(0);
      }}
      below={
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
      }
      progress={
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
      }
      outcome={
        <>
          {result && <Outcome result={result} onDownload={() => void download('result')} />}
          {note && (
            <Text size="sm" c="red.8" role="alert">
              {note}
            </Text>
          )}
        </>
      }
      onClose={onClose}
    />
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
