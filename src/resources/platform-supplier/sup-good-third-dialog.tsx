import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useResourceOptionsQuery } from '../../api/resource';
import { formatMoney, parseYuan } from '../../contracts/money';
import { SUP_GOOD, type SupGood } from '../../contracts/platform-supplier/sup-good';
import { useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

/** What a driver query answered, or its failure (the server's zh message, already toasted). */
function ThirdDialog({
  rows,
  onClose,
  kind,
}: ActionDialogProps<SupGood> & { kind: 'stock' | 'balance' }) {
  const t = useT();
  const good = rows[0];
  const answer = useResourceOptionsQuery(
    kind === 'stock'
      ? { path: `${SUP_GOOD}/query-third-good-stock`, params: { id: good?.id ?? '' } }
      : { path: `${SUP_GOOD}/query-third-actual-balance`, params: { supId: good?.supId ?? '' } },
    { refetchOnMountOrArgChange: true },
  );
  const data = answer.data as { stock?: number; balance?: number } | undefined;
  const name = kind === 'stock' ? (good?.goodName ?? '') : (good?.supName ?? '');
  const failure = (answer.error as { message?: string } | undefined)?.message;
  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={t(
        kind === 'stock' ? 'supplierGoods.thirdStock.title' : 'supplierGoods.thirdBalance.title',
        { name },
      )}
    >
      <Stack gap="md">
        {answer.isFetching ? (
          <Loader size="sm" aria-label={t('supplierGoods.loading')} />
        ) : answer.isError || !data ? (
          <Alert color="red">{failure ?? t('supplierGoods.loadFailed')}</Alert>
        ) : (
          <Text role="status">
            {kind === 'stock'
              ? t('supplierGoods.thirdStock.value', { stock: String(data.stock ?? 0) })
              : t('supplierGoods.thirdBalance.value', {
                  balance: formatMoney(parseYuan(data.balance ?? 0) ?? 0),
                })}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t('supplierGoods.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function ThirdStockDialog(props: ActionDialogProps<SupGood>) {
  return <ThirdDialog {...props} kind="stock" />;
}

export function ThirdBalanceDialog(props: ActionDialogProps<SupGood>) {
  return <ThirdDialog {...props} kind="balance" />;
}
