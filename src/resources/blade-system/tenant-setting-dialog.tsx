import '@mantine/dates/styles.css';
import { Modal, NumberInput, Stack, Text } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useT } from '../../state/hooks';
import { useTenantSettingMutation } from '../../api/tenant-admin';
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

/** The server's rule: a whole number from -1 (unlimited) up. */
const QUOTA = /^-?\d{1,9}$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})/;

function dayOf(wire: string): Date | null {
  const m = DAY.exec(wire);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

/** A licence ends at the last second of the chosen day. */
function endOfDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(date.getFullYear())}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} 23:59:59`;
}

/**
 * Licence settings of the selected tenants (POST blade-system/tenant/setting): the account quota
 * and the expiry. One tenant starts from its current values, several from empty ones.
 */
export default function TenantSettingDialog({ rows, onClose }: ActionDialogProps<Tenant>) {
  const t = useT();
  const name = useTenantName();
  const single = rows.length === 1 ? rows[0] : undefined;
  const [initialValues] = useState(() => ({
    quota:
      single && single.accountNumber !== null && single.accountNumber !== undefined
        ? String(single.accountNumber)
        : '',
    expireTime: single?.expireTime ?? '',
  }));
  const form = useForm({
    mode: 'uncontrolled',
    initialValues,
    validate: {
      quota: (quota) => {
        const q = quota.trim();
        return q !== '' && (!QUOTA.test(q) || Number(q) < -1)
          ? t('tenantAdmin.setting.accountNumberInvalid')
          : null;
      },
    },
  });
  useErrorsFollowLanguage(form);
  const [failure, setFailure] = useState<string>();
  const [save, { isLoading: busy }] = useTenantSettingMutation();

  const submit = async ({ quota, expireTime }: typeof initialValues) => {
    const q = quota.trim();
    setFailure(undefined);
    try {
      await save({
        ids: rows.map((r) => r.id),
        accountNumber: q === '' ? undefined : Number(q),
        expireTime,
      }).unwrap();
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
      title={t('tenantAdmin.setting.title')}
      closeOnClickOutside={!busy}
    >
      <form
        onSubmit={(e) => {
          if (busy) e.preventDefault();
          else form.onSubmit((values) => void submit(values))(e);
        }}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm">
            {single
              ? name(single)
              : t('tenantAdmin.selected', {
                  count: rows.length,
                  names: rows.map((r) => r.tenantName).join('、'),
                })}
          </Text>
          <NumberInput
            label={t('tenantAdmin.setting.accountNumber')}
            description={t('tenantAdmin.setting.accountNumberHint')}
            data-autofocus
            allowDecimal={false}
            min={-1}
            key={form.key('quota')}
            {...form.getInputProps('quota')}
            onChange={(v) => form.setFieldValue('quota', String(v), { forceUpdate: false })}
          />
          <DateInput
            label={t('tenantAdmin.setting.expireTime')}
            description={t('tenantAdmin.setting.expireTimeHint')}
            valueFormat="YYYY-MM-DD"
            clearable
            key={form.key('expireTime')}
            defaultValue={dayOf(initialValues.expireTime)}
            onChange={(d) =>
              form.setFieldValue('expireTime', d ? endOfDay(d) : '', { forceUpdate: false })
            }
            popoverProps={{ withinPortal: true }}
          />
          <FailureAlert text={failure} />
          <DialogButtons busy={busy} onCancel={() => onClose(false)} />
        </Stack>
      </form>
    </Modal>
  );
}
