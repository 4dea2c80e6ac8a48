import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import {
  useResourceCallMutation,
  useResourceOptionsQuery,
  useResourceSubmitMutation,
} from '../../api/resource';
import { useConfirm } from '../../components/confirm-dialog';
import { toast } from '../../components/toast';
import {
  SUP_GOOD,
  type SupGood,
  type SupGoodSign,
} from '../../contracts/platform-supplier/sup-good';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

const SIGN = `${SUP_GOOD}/interface-sign`;

/**
 * 签名配置: the good interface sign configs of one good (goodInterfaceSigns), in their order;
 * a parameter is added (add) or removed (remove, after a confirmation).
 */
export default function SupGoodSignDialog({ rows, onClose }: ActionDialogProps<SupGood>) {
  const t = useT();
  const good = rows[0];
  const signs = useResourceOptionsQuery({
    path: `${SIGN}/goodInterfaceSigns`,
    params: { goodId: good?.id ?? '' },
  });
  const list = (signs.data as SupGoodSign[] | undefined) ?? [];
  const [add, { isLoading: adding }] = useResourceSubmitMutation();
  const [remove] = useResourceCallMutation();
  const [confirmNode, confirm] = useConfirm();
  const [draft, setDraft] = useState({ paramName: '', paramValue: '', sort: '' });
  const refusal = useRefusal(['paramName', 'paramValue', 'sort']);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!good) return;
    refusal.clear();
    try {
      await add({
        service: SUP_GOOD,
        path: 'interface-sign/add',
        body: { goodId: good.id, ...draft },
      }).unwrap();
      toast('success', t('messages.added'));
      setDraft({ paramName: '', paramValue: '', sort: '' });
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
    }
  };

  const drop = async (sign: SupGoodSign) => {
    if (!(await confirm(t('supplierGoods.sign.removeConfirm', { name: sign.paramName })))) return;
    try {
      await remove({
        service: SUP_GOOD,
        path: `${SIGN}/remove`,
        params: { ids: sign.id },
      }).unwrap();
      toast('success', t('messages.deleted'));
    } catch {
      // The API layer has shown the server's message.
    }
  };

  return (
    <Modal
      opened
      size="lg"
      onClose={() => onClose(false)}
      title={t('supplierGoods.sign.title', { name: good?.goodName ?? '' })}
    >
      <Stack gap="md">
        {signs.isLoading ? (
          <Loader size="sm" aria-label={t('supplierGoods.loading')} />
        ) : signs.isError ? (
          <Alert color="red">{t('supplierGoods.loadFailed')}</Alert>
        ) : list.length === 0 ? (
          <Text size="sm">{t('supplierGoods.sign.none')}</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('supplierGoods.sign.paramName')}</Table.Th>
                <Table.Th>{t('supplierGoods.sign.paramValue')}</Table.Th>
                <Table.Th>{t('supplierGoods.sign.sort')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((sign) => (
                <Table.Tr key={sign.id}>
                  <Table.Td>{sign.paramName}</Table.Td>
                  <Table.Td>{sign.paramValue}</Table.Td>
                  <Table.Td>{sign.sort}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('supplierGoods.sign.remove', { name: sign.paramName })}
                      onClick={() => void drop(sign)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={(e) => void submit(e)}>
          <Group align="flex-end" gap="xs">
            <TextInput
              label={t('supplierGoods.sign.paramName')}
              maxLength={64}
              required
              data-autofocus
              value={draft.paramName}
              onChange={(e) => {
                setDraft({ ...draft, paramName: e.currentTarget.value });
                refusal.clear('paramName');
              }}
              error={refusal.error('paramName')}
            />
            <TextInput
              label={t('supplierGoods.sign.paramValue')}
              maxLength={500}
              value={draft.paramValue}
              onChange={(e) => {
                setDraft({ ...draft, paramValue: e.currentTarget.value });
                refusal.clear('paramValue');
              }}
              error={refusal.error('paramValue')}
            />
            <TextInput
              label={t('supplierGoods.sign.sort')}
              inputMode="numeric"
              w={80}
              value={draft.sort}
              onChange={(e) => {
                setDraft({ ...draft, sort: e.currentTarget.value.replace(/[^\d]/g, '') });
                refusal.clear('sort');
              }}
              error={refusal.error('sort')}
            />
            <Button type="submit" loading={adding}>
              {t('supplierGoods.sign.add')}
            </Button>
          </Group>
        </form>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)}>
            {t('supplierGoods.close')}
          </Button>
        </Group>
      </Stack>
      {confirmNode}
    </Modal>
  );
}
