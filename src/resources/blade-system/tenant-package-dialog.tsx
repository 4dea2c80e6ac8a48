import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useT } from '../../state/hooks';
import {
  useTenantPackageDetailQuery,
  useTenantPackageOptionsQuery,
  useTenantPackageSettingMutation,
} from '../../api/tenant-admin';
import type { Tenant } from '../../contracts/blade-system/tenant';
import type { ActionDialogProps } from '../types';
import {
  DialogButtons,
  FailureAlert,
  failureText,
  notifyDone,
  useTenantName,
} from './tenant-dialog-parts';
import { SearchSelect } from '../../components/search-select';

/**
 * The product package of one tenant: its current one from GET tenant/package-detail, the choice
 * from the package list, saved with POST tenant/package-setting (none = no menu limit).
 */
export default function TenantPackageDialog({ rows, onClose }: ActionDialogProps<Tenant>) {
  const t = useT();
  const name = useTenantName();
  const tenant = rows[0];
  const detail = useTenantPackageDetailQuery(tenant?.tenantId ?? '', {
    skip: !tenant,
    refetchOnMountOrArgChange: true,
  });
  const options = useTenantPackageOptionsQuery();
  // undefined until the user chooses: the tenant's current package shows meanwhile.
  const [chosen, setChosen] = useState<string | null>();
  const [failure, setFailure] = useState<string>();
  const [save, { isLoading: busy }] = useTenantPackageSettingMutation();

  const current = detail.data?.id ? detail.data : undefined;
  const value = chosen !== undefined ? chosen : (current?.id ?? null);
  const data = (options.data ?? []).map((p) => ({ value: p.id, label: p.packageName }));
  if (current?.id && current.packageName && !data.some((o) => o.value === current.id))
    data.unshift({ value: current.id, label: current.packageName });
  const loading = detail.isFetching || options.isLoading;
  const loadError = detail.error ?? options.error;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || loading || loadError || !tenant) return;
    setFailure(undefined);
    try {
      await save({ tenantId: tenant.tenantId, packageId: value ?? '' }).unwrap();
    } catch (err) {
      setFailure(failureText(err));
      return;
    }
    notifyDone(t('messages.updated'));
    onClose(true);
  };

  const retry = () => {
    if (detail.error) void detail.refetch();
    if (options.error) void options.refetch();
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('tenantAdmin.package.title')}
      closeOnClickOutside={!busy}
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          {tenant && <Text size="sm">{name(tenant)}</Text>}
          {loadError && (
            <Alert color="red" variant="light" title={t('tenantAdmin.package.loadFailed')}>
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{failureText(loadError)}</Text>
                <Button size="xs" variant="light" onClick={retry}>
                  {t('common.retry')}
                </Button>
              </Stack>
            </Alert>
          )}
          <SearchSelect
            label={t('tenantAdmin.package.field')}
            description={t('tenantAdmin.package.hint')}
            data-autofocus
            data={data}
            value={value}
            onChange={(v) => setChosen(v)}
            placeholder={loading ? t('common.loading') : undefined}
            disabled={loading || Boolean(loadError)}
            clearable
            nothingFoundMessage={t('common.empty')}
            comboboxProps={{ withinPortal: true }}
          />
          <FailureAlert text={failure} />
          <DialogButtons
            busy={busy}
            disabled={loading || Boolean(loadError) || !tenant}
            onCancel={() => onClose(false)}
          />
        </Stack>
      </form>
    </Modal>
  );
}
