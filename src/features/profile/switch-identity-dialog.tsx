import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useDeptOptionsQuery, useRoleOptionsQuery } from '../../api/switch-identity';
import { isMessageKey } from '../../i18n';
import { useAppSelector, useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';
import { notifyIncomplete } from './notify';
import { useErrorsFollowLanguage } from '../../components/form-errors';
import { SearchSelect } from '../../components/search-select';

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
  const form = useForm<{ deptId: string | null; roleId: string | null }>({
    mode: 'uncontrolled',
    initialValues: { deptId: session?.dept_id ?? null, roleId: session?.role_id ?? null },
    validate: {
      deptId: (id) => (id ? null : t('topbar.switch.deptRequired')),
      roleId: (id) => (id ? null : t('topbar.switch.roleRequired')),
    },
  });
  useErrorsFollowLanguage(form);
  const [failure, setFailure] = useState<string>();

  const submit = (deptId: string, roleId: string) => {
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
      <form
        onSubmit={form.onSubmit(
          ({ deptId, roleId }) => {
            if (deptId && roleId) submit(deptId, roleId);
          },
          () => notifyIncomplete(t('messages.completeInfo')),
        )}
        noValidate
      >
        <Stack gap="md">
          {loadFailed && <Alert color="red">{t('topbar.switch.loadFailed')}</Alert>}
          <SearchSelect
            label={t('topbar.switch.dept')}
            withAsterisk
            data-autofocus
            data={(depts.data ?? []).map((d) => ({ value: d.id, label: d.deptName }))}
            key={form.key('deptId')}
            {...form.getInputProps('deptId')}
            disabled={depts.isLoading}
          />
          <SearchSelect
            label={t('topbar.switch.role')}
            withAsterisk
            data={(roles.data?.roles ?? []).map((r) => ({ value: r.id, label: r.roleName }))}
            key={form.key('roleId')}
            {...form.getInputProps('roleId')}
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
