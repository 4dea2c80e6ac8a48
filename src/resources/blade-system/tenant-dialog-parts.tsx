import { Alert, Button, Group } from '@mantine/core';
import { useT } from '../../state/hooks';
import type { Tenant } from '../../contracts/blade-system/tenant';
import { toast } from '../../components/toast';

/**
 * The server's text of a failed call. Validation answers read `<field>:<message>`; the field
 * name means nothing to the user, the dialog shows which field it is.
 */
export function failureText(err: unknown): string {
  const message = String((err as { message?: unknown } | undefined)?.message ?? err);
  const m = /^[A-Za-z][A-Za-z0-9_]*:(.+)$/s.exec(message);
  return (m?.[1] ?? message).trim();
}

/** 'name (code)' of one tenant. */
export function useTenantName(): (tenant: Pick<Tenant, 'tenantName' | 'tenantId'>) => string {
  const t = useT();
  return (tenant) => t('tenantAdmin.tenant', { name: tenant.tenantName, code: tenant.tenantId });
}

export function notifyDone(text: string): void {
  toast('success', text);
}

export function FailureAlert({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {text}
    </Alert>
  );
}

/** Cancel and submit; both wait while the request is in flight. */
export function DialogButtons({
  busy,
  disabled,
  onCancel,
}: {
  busy: boolean;
  disabled?: boolean;
  onCancel(): void;
}) {
  const t = useT();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={busy} disabled={disabled}>
        {t('common.submit')}
      </Button>
    </Group>
  );
}
