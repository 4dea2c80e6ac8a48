import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import { useResourceCallMutation, useResourceOptionsQuery } from '../../api/resource';
import { toast } from '../../components/toast';
import { SUP_GOOD, type SupGood } from '../../contracts/platform-supplier/sup-good';
import { useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

/** What batch-enable-pre answers: the counts and the goods that would change. */
interface EnablePreview {
  status: number;
  total: number;
  change: number;
  unchanged: number;
  offShelf: number;
  records: Pick<SupGood, 'id' | 'goodCode' | 'goodName'>[];
}

/**
 * 批量启用 / 批量停用: first what the call would change (batch-enable-pre: counts and the goods
 * that change, nothing changed yet), then the call itself on confirmation.
 */
function BulkEnableDialog({
  rows,
  onClose,
  status,
}: ActionDialogProps<SupGood> & { status: 0 | 1 }) {
  const t = useT();
  const on = status === 1;
  const ids = rows.map((r) => r.id).join(',');
  const preview = useResourceOptionsQuery(
    { path: `${SUP_GOOD}/batch-enable-pre`, params: { ids, status: String(status) } },
    { refetchOnMountOrArgChange: true },
  );
  const plan = preview.data as EnablePreview | undefined;
  const [call, { isLoading: busy }] = useResourceCallMutation();

  const confirm = async () => {
    try {
      await call({
        service: SUP_GOOD,
        path: `${SUP_GOOD}/enable`,
        params: { ids, status: String(status) },
      }).unwrap();
      toast('success', t(on ? 'supplierGoods.enable.done' : 'supplierGoods.disable.done'));
      onClose(true);
    } catch {
      // The API layer has shown the server's message.
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t(on ? 'supplierGoods.enable.title' : 'supplierGoods.disable.title')}
    >
      <Stack gap="md">
        {preview.isFetching && !plan ? (
          <Loader size="sm" aria-label={t('supplierGoods.loading')} />
        ) : preview.isError || !plan ? (
          <Alert color="red">{t('supplierGoods.loadFailed')}</Alert>
        ) : (
          <>
            <Text size="sm" role="status">
              {t(on ? 'supplierGoods.enable.summary' : 'supplierGoods.disable.summary', {
                total: plan.total,
                change: plan.change,
                unchanged: plan.unchanged,
                offShelf: plan.offShelf,
              })}
            </Text>
            {plan.change === 0 ? (
              <Text size="sm">{t('supplierGoods.enable.none')}</Text>
            ) : (
              <Stack gap={4}>
                <Text size="sm" fw={500}>
                  {t('supplierGoods.enable.changing')}
                </Text>
                <List size="sm" spacing={2}>
                  {plan.records.map((r) => (
                    <List.Item key={r.id}>
                      {t('supplierGoods.row', { name: r.goodName, code: r.goodCode })}
                    </List.Item>
                  ))}
                </List>
              </Stack>
            )}
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
            {t('supplierGoods.cancel')}
          </Button>
          <Button
            color={on ? undefined : 'orange'}
            onClick={() => void confirm()}
            loading={busy}
            disabled={!plan || plan.change === 0}
          >
            {t(on ? 'supplierGoods.enable.confirm' : 'supplierGoods.disable.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function EnableDialog(props: ActionDialogProps<SupGood>) {
  return <BulkEnableDialog {...props} status={1} />;
}

export function DisableDialog(props: ActionDialogProps<SupGood>) {
  return <BulkEnableDialog {...props} status={0} />;
}
