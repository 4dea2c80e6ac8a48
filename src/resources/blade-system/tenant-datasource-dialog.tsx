import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
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
  const [value, setValue] = useState(() => tenant?.datasourceId ?? '');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [save, { isLoading: busy }] = useTenantDatasourceMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !tenant) return;
    const id = value.trim();
    if (id !== '' && !DATASOURCE_ID.test(id)) {
      setError(t('tenantAdmin.datasource.invalid'));
      return;
    }
    setFailure(undefined);
    try {
      await save({ tenantId: tenant.tenantId, datasourceId: id }).unwrap();
    } catch (err) {
      setFailure(failureText(err));
      return;
    }
    notifyDone(t('messages.operationDone'));
    onClose(true);
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('tenantAdmin.datasource.title')}
      closeOnClickOutside={!busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {tenant && <Text size="sm">{name(tenant)}</Text>}
          <TextInput
            label={t('tenantAdmin.datasource.field')}
            description={t('tenantAdmin.datasource.hint')}
            data-autofocus
            maxLength={32}
            value={value}
            error={error}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(undefined);
            }}
          />
          <FailureAlert text={failure} />
          <DialogButtons busy={busy} disabled={!tenant} onCancel={() => onClose(false)} />
        </Stack>
      </form>
    </Modal>
  );
}
