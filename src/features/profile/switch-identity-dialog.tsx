import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useDeptOptionsQuery, useRoleOptionsQuery } from '../../api/switch-identity';
import { isMessageKey, type MessageKey } from '../../i18n';
import { useAppSelector, useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';
import { notifyIncomplete } from './notify';

/**
 * Switch department and role (spec screen 1, sections 4-6; shown only in switch mode): both
 * required; the auth machine refreshes the token for the new identity, then the console
 * goes to /.
 */
export function SwitchIdentityDialog({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const { auth } = useShell();
  const session = useAppSelector((s) => s.session.session);
  const switching = useSelector(auth, (s) => s.matches({ signedIn: 'switching' }));
  const depts = useDeptOptionsQuery(undefined, { skip: !opened });
  const roles = useRoleOptionsQuery(session?.user_id ?? '', { skip: !opened || !session });
  const [deptId, setDeptId] = useState<string | null>(session?.dept_id ?? null);
  const [roleId, setRoleId] = useState<string | null>(session?.role_id ?? null);
  const [errors, setErrors] = useState<{ dept?: MessageKey; role?: MessageKey }>({});
  const [failure, setFailure] = useState<string>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = {
      ...(deptId ? {} : { dept: 'topbar.switch.deptRequired' as const }),
      ...(roleId ? {} : { role: 'topbar.switch.roleRequired' as const }),
    };
    setErrors(found);
    if (!deptId || !roleId) {
      notifyIncomplete(t('messages.completeInfo'));
      return;
    }
    setFailure(undefined);
    auth.send({ type: 'switch.submit', deptId, roleId });
    if (!auth.getSnapshot().matches({ signedIn: 'switching' })) return;
    // The machine goes back to idle after switching: without an error that means success.
    const sub = auth.subscribe((snap) => {
      if (snap.matches({ signedIn: 'switching' })) return;
      sub.unsubscribe();
      if (snap.context.error) {
        setFailure(snap.context.error);
      } else {
        onClose();
        navigate('/');
      }
    });
  };

  const loadFailed = depts.isError || roles.isError;
  return (
    <Modal opened={opened} onClose={onClose} title={t('topbar.switchIdentity')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {loadFailed && <Alert color="red">{t('topbar.switch.loadFailed')}</Alert>}
          <Select
            label={t('topbar.switch.dept')}
            withAsterisk
            searchable
            data={(depts.data ?? []).map((d) => ({ value: d.id, label: d.deptName }))}
            value={deptId}
            onChange={(v) => {
              setDeptId(v);
              setErrors((er) => ({ ...er, dept: undefined }));
            }}
            error={errors.dept ? t(errors.dept) : undefined}
            disabled={depts.isLoading}
          />
          <Select
            label={t('topbar.switch.role')}
            withAsterisk
            searchable
            data={(roles.data?.roles ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
            value={roleId}
            onChange={(v) => {
              setRoleId(v);
              setErrors((er) => ({ ...er, role: undefined }));
            }}
            error={errors.role ? t(errors.role) : undefined}
            disabled={roles.isLoading}
          />
          {failure && (
            <Alert color="red" role="alert">
              {isMessageKey(failure) ? t(failure) : failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={switching}>
              {t('common.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
