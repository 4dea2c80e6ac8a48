import { Alert, Button, Checkbox, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import {
  SUP_SERVICE,
  type Supplier,
  type SupplierBelong,
} from '../../contracts/platform-supplier/sup';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/** 所属租户 (product-belong-sup): the tenants that may sell the supplier's goods. */
export default function SupBelongDialog({ rows, onClose }: ActionDialogProps<Supplier>) {
  const t = useT();
  const sup = rows[0];
  const answer = useResourceOptionsQuery({
    path: `${SUP_SERVICE}/product-belong-sup`,
    params: { supId: sup?.id ?? '' },
  });
  const belong = answer.data as SupplierBelong | undefined;
  const [chosen, setChosen] = useState<string[]>();
  const refusal = useRefusal(['tenantIds']);
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
  const value = chosen ?? belong?.tenantIds ?? [];

  const submit = async () => {
    if (!sup) return;
    refusal.clear();
    try {
      await save({
        service: SUP_SERVICE,
        path: 'product-belong-sup',
        body: { supId: sup.id, tenantIds: value },
      }).unwrap();
      toast('success', t('messages.updated'));
      onClose(false);
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('supplier.belong.title', { name: sup?.supName ?? '' })}
    >
      <Stack gap="md">
        {answer.isLoading ? (
          <Loader size="sm" aria-label={t('supplier.loading')} />
        ) : answer.isError || !belong ? (
          <Alert color="red">{t('supplier.loadFailed')}</Alert>
        ) : belong.tenants.length === 0 ? (
          <Text size="sm">{t('supplier.belong.none')}</Text>
        ) : (
          <Checkbox.Group
            label={t('supplier.belong.hint')}
            value={value}
            onChange={(next) => {
              setChosen(next);
              refusal.clear('tenantIds');
            }}
            error={refusal.error('tenantIds')}
          >
            <Stack gap="xs" mt="xs">
              {belong.tenants.map((tenant, index) => (
                <Checkbox
                  key={tenant.tenantId}
                  {...(index === 0 ? { 'data-autofocus': true } : {})}
                  value={tenant.tenantId}
                  label={t('supplier.belong.tenant', {
                    name: tenant.tenantName,
                    id: tenant.tenantId,
                  })}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
            {t('supplier.cancel')}
          </Button>
          <Button onClick={() => void submit()} loading={busy} disabled={!belong}>
            {t('supplier.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
