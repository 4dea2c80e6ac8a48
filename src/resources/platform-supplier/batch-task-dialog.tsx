import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useState, type FormEvent } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { SUPPLIER_SERVICE } from '../../contracts/business-services';
import {
  BATCH_TASK,
  BATCH_TASK_MAX_DAYS,
  type BatchTask,
} from '../../contracts/platform-supplier/batch-task';
import { toast } from '../../components/toast';
import { formatDay } from '../engine/filters';
import { useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';
import { SearchSelect } from '../../components/search-select';

interface Option {
  id: string;
  supName?: string;
  goodName?: string;
}

const DAY = 86_400_000;
/** Calendar days from `start` to `end`, both counted ('2026-03-01'..'2026-03-31' is 31). */
export const daysSpanned = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY) + 1;

/**
 * 新建任务: a refresh of verification status over the codes one supplier (optionally one good)
 * issued in a range of days (at most 31, whole days). Sent once, with an Idempotency-Key.
 */
export default function BatchTaskDialog({ onClose }: ActionDialogProps<BatchTask>) {
  const t = useT();
  const [taskName, setTaskName] = useState('');
  const [supId, setSupId] = useState<string | null>(null);
  const [goodId, setGoodId] = useState<string | null>(null);
  const [range, setRange] = useState<[Date | null, Date | null]>([null, null]);
  const [errors, setErrors] = useState<Partial<Record<'name' | 'sup' | 'range', string>>>({});
  const [failure, setFailure] = useState<string>();
  const suppliers = useResourceOptionsQuery({ path: `${SUPPLIER_SERVICE}/sup/list-not-page` });
  const goods = useResourceOptionsQuery(
    { path: `${SUPPLIER_SERVICE}/sup-good/list-by-sup`, params: { supId: supId ?? '' } },
    { skip: !supId },
  );
  const [post] = useIdempotentPostMutation();
  const send = useSendOnce((body: Record<string, unknown>, idempotencyKey: string) =>
    post({ path: `${BATCH_TASK}/submit`, body, idempotencyKey, services: [BATCH_TASK] }).unwrap(),
  );
  const options = (data: unknown, label: 'supName' | 'goodName') =>
    (Array.isArray(data) ? (data as Option[]) : []).map((o) => ({
      value: o.id,
      label: o[label] ?? o.id,
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [start, end] = range.map((d) => (d ? formatDay(d) : null));
    const found: typeof errors = {};
    if (!taskName.trim()) found.name = t('supplierOrders.task.nameRequired');
    if (!supId) found.sup = t('supplierOrders.task.supplierRequired');
    if (!start || !end) found.range = t('supplierOrders.task.rangeRequired');
    else if (daysSpanned(start, end) > BATCH_TASK_MAX_DAYS)
      found.range = t('supplierOrders.task.rangeTooLong', { days: BATCH_TASK_MAX_DAYS });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(undefined);
    const outcome = await send.run({
      taskName: taskName.trim(),
      supId,
      goodId: goodId ?? '',
      issueStart: `${start} 00:00:00`,
      issueEnd: `${end} 23:59:59`,
    });
    if (outcome.ok) {
      toast('success', t('supplierOrders.task.created'));
      onClose(true);
    } else if (outcome.error !== undefined) {
      setFailure(refusalMessage(outcome.error, t('supplierOrders.failed')));
    }
  };

  return (
    <Modal opened onClose={() => onClose(false)} title={t('supplierOrders.task.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <TextInput
            label={t('supplierOrders.task.name')}
            value={taskName}
            onChange={(e) => setTaskName(e.currentTarget.value)}
            maxLength={100}
            required
            error={errors.name}
            data-autofocus
          />
          <SearchSelect
            label={t('supplierOrders.task.supplier')}
            data={options(suppliers.data, 'supName')}
            value={supId}
            onChange={(v) => {
              setSupId(v);
              setGoodId(null);
            }}
            required
            error={errors.sup}
            comboboxProps={{ withinPortal: true }}
          />
          <SearchSelect
            label={t('supplierOrders.task.good')}
            placeholder={t('supplierOrders.task.goodAll')}
            data={options(goods.data, 'goodName')}
            value={goodId}
            onChange={setGoodId}
            disabled={!supId}
            clearable
            comboboxProps={{ withinPortal: true }}
          />
          <DatePickerInput
            type="range"
            label={t('supplierOrders.task.range')}
            description={t('supplierOrders.task.rangeHint', { days: BATCH_TASK_MAX_DAYS })}
            value={range}
            onChange={([a, b]) => setRange([a ? new Date(a) : null, b ? new Date(b) : null])}
            valueFormat="YYYY-MM-DD"
            // Codes issued in the past: no day after today is offered (issue 25 item 19).
            maxDate={new Date()}
            required
            clearable
            error={errors.range}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)}>
              {t('supplierOrders.cancel')}
            </Button>
            <Button type="submit" loading={send.busy} disabled={send.busy}>
              {t('supplierOrders.task.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
