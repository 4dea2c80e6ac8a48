import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import {
  INVOICE_REMARK_MAX,
  ORDER_REPORT_SERVICE,
  type ProjectReportRow,
} from '../../contracts/platform-supplier/sup-order-report';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/**
 * 开票备注 of one project report row (issue 18 item 5): POST sup-order-report/remarkInvoice
 * with the row's id (supplier and month) and the remark; the list reloads on save.
 */
export default function RemarkDialog({ rows, onClose }: ActionDialogProps<ProjectReportRow>) {
  const t = useT();
  const row = rows[0]!;
  const [remark, setRemark] = useState(row.invoiceRemark ?? '');
  const [error, setError] = useState<string>();
  const refusal = useRefusal(['remark']);
  const [save, { isLoading: busy }] = useResourceSubmitMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const text = remark.trim();
    if (text === '') return setError(t('supplierReports.remark.required'));
    if (text.length > INVOICE_REMARK_MAX)
      return setError(t('supplierReports.remark.tooLong', { max: INVOICE_REMARK_MAX }));
    setError(undefined);
    refusal.clear();
    try {
      await save({
        service: ORDER_REPORT_SERVICE,
        path: 'remarkInvoice',
        body: { id: row.id, remark: text },
      }).unwrap();
      toast('success', t('messages.updated'));
      onClose(true);
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('supplierReports.remark.title', { name: `${row.supName} ${row.month}` })}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('supplierReports.remark.label')}
            value={remark}
            onChange={(e) => {
              setRemark(e.currentTarget.value);
              refusal.clear('remark');
            }}
            maxLength={INVOICE_REMARK_MAX}
            autosize
            minRows={3}
            required
            error={error ?? refusal.error('remark')}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('supplierReports.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('supplierReports.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
