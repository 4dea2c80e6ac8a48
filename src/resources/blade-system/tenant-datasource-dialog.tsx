import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useT } from '../../state/hooks';
import { useTenantDatasourceMutation } from '../../api/tenant-admin';
import type { Tenant } from '../../contracts/blade-system/tenant';
import type { ActionDialogProps } from '../types';
import {
  DialogButtons,
  FailureAlert,
  failureText,
  notifyDone,
  useTenantName,
} from './tenant-dialog-parts';
import { useErrorsFollowLanguage } from '../../components/form-errors';

/** What the server accepts as a data source id. */
const DATASOURCE_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * The data source of one tenant (POST blade-system/tenant/datasource). The embedded server has
 * no data source list (blade-develop is not part of it), so the id is typed; empty clears it.
 */
export default function TenantDatasourceDialog({ rows, onClose }: ActionDialogProps<Tenant>) {
  const t = useT();
  const name = useTenantName();
  const tenant = rows[0];
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { datasourceId: tenant?.datasourceId ?? '' },
    validate: {
      datasourceId: (value) => {
        const id = value.trim();
        return id !== '' && !DATASOURCE_ID.test(id) ? t('tenantAdmin.datasource.invalid') : null;
      },
    },
  });
  useErrorsFollowLanguage(form);
  const [failure, setFailure] = useState<string>();
  const [save, { isLoading: busy }] = useTenantDatasourceMutation();

  const submit = async (target: Tenant, id: string) => {
    setFailure(undefined);
    try {
      await save({ tenantId: target.tenantId, datasourceId: id }).unwrap();
    } catch (err) {
      setFailure(failureText(err));
      return;
    }
    notifyDone(t('messages.updated'));
    onClose(true);
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('tenantAdmin.datasource.title')}
      closeOnClickOutside={!busy}
    >
      <form
        onSubmit={(e) => {
          if (busy || !tenant) e.preventDefault();
          else form.onSubmit(({ datasourceId }) => void submit(tenant, datasourceId.trim()))(e);
        }}
        noValidate
      >
        <Stack gap="md">
          {tenant && <Text size="sm">{name(tenant)}</Text>}
          <TextInput
            label={t('tenantAdmin.datasource.field')}
            description={t('tenantAdmin.datasource.hint')}
            data-autofocus
            maxLength={32}
            key={form.key('datasourceId')}
            {...form.getInputProps('datasourceId')}
          />
          <FailureAlert text={failure} />
          <DialogButtons busy={busy} disabled={!tenant} onCancel={() => onClose(false)} />
        </Stack>
      </form>
    </Modal>
  );
}
