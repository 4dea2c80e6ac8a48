import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import {
  ORDER_REPORT_DETAIL_EXPORT,
  ORDER_REPORT_SERVICE,
  type ProjectReportRow,
} from '../../contracts/platform-supplier/sup-order-report';
import { useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

/**
 * 导出明细 of one project report row (issue 18 item 5): POST
 * sup-order-report/export-sup-order-report-details/{id} once (send-once, Idempotency-Key); the
 * file is written by the export worker and collected in the export centre.
 */
export default function ExportDetailDialog({ rows, onClose }: ActionDialogProps<ProjectReportRow>) {
  const t = useT();
  const row = rows[0]!;
  const [post] = useIdempotentPostMutation();
  const [failure, setFailure] = useState<string>();
  const { run, busy } = useSendOnce((id: string, idempotencyKey: string) =>
    post({
      path: `${ORDER_REPORT_SERVICE}/${ORDER_REPORT_DETAIL_EXPORT}/${encodeURIComponent(id)}`,
      body: {},
      idempotencyKey,
      services: [],
    }).unwrap(),
  );

  const start = async () => {
    setFailure(undefined);
    const result = await run(row.id);
    if (result.ok) {
      toast('success', t('resource.export.created'));
      onClose(false);
    } else if (result.error !== undefined) {
      setFailure(refusalMessage(result.error, t('supplierReports.exportDetail.failed')));
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('supplierReports.exportDetail.title', { name: `${row.supName} ${row.month}` })}
    >
      <Stack gap="md">
        <Text size="sm">{t('supplierReports.exportDetail.body')}</Text>
        {failure && <Alert color="red">{failure}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
            {t('supplierReports.cancel')}
          </Button>
          <Button onClick={() => void start()} loading={busy} data-autofocus>
            {t('supplierReports.exportDetail.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
