import {
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { ApiError } from '../../api/client';
import { useDictionaryQuery } from '../../api/system';
import {
  useUpdateUserPlatformMutation,
  useUserPlatformQuery,
  type PlatformDetail,
} from '../../api/user-admin';
import { useT } from '../../state/hooks';
import type { User } from '../../contracts/blade-user/user';
import type { ActionDialogProps } from '../types';
import { useErrorsFollowLanguage } from '../../components/form-errors';
import { toast } from '../../components/toast';

/** The server keeps at most this much extension text (blade-user/write.ts updatePlatform). */
const EXT_MAX = 4000;

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

interface FormProps {
  detail: PlatformDetail;
  busy: boolean;
  onBusy(busy: boolean): void;
  onClose(changed?: boolean): void;
}

/** The form, mounted once the current settings are known (they are its initial values). */
function PlatformForm({ detail, busy, onBusy, onClose }: FormProps) {
  const t = useT();
  const types = useDictionaryQuery('user_type');
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { userType: String(detail.userType ?? ''), userExt: detail.userExt ?? '' },
    validate: {
      userType: (type) => (type ? null : t('userAdmin.platform.userTypeRequired')),
      userExt: (text) => {
        const ext = text.trim();
        return ext === '' || isJson(ext) ? null : t('userAdmin.platform.extInvalid');
      },
    },
  });
  useErrorsFollowLanguage(form);
  const [failure, setFailure] = useState<string>();
  const [save] = useUpdateUserPlatformMutation();

  const options = (types.data ?? []).map((d) => ({ value: d.dictKey, label: d.dictValue }));
  // A type the dictionary no longer lists (only the stored one can be) still shows as what it is.
  const stored = form.getInitialValues().userType;
  if (stored && !options.some((o) => o.value === stored))
    options.push({ value: stored, label: stored });

  const submit = async ({ userType, userExt }: { userType: string; userExt: string }) => {
    const ext = userExt.trim();
    setFailure(undefined);
    onBusy(true);
    try {
      await save({ id: detail.id, userType: Number(userType), userExt: ext }).unwrap();
      toast('success', t('userAdmin.platform.done'));
      onClose(true);
    } catch (err) {
      setFailure((err as Partial<ApiError>).message || t('errors.submitFailed'));
    } finally {
      onBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => {
        if (busy) e.preventDefault();
        else form.onSubmit((values) => void submit(values))(e);
      }}
      noValidate
    >
      <Stack gap="sm">
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Select
          label={t('userAdmin.platform.userType')}
          required
          data={options}
          key={form.key('userType')}
          {...form.getInputProps('userType')}
          defaultValue={form.getValues().userType || null}
          onChange={(v) => form.setFieldValue('userType', v ?? '', { forceUpdate: false })}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Textarea
          label={t('userAdmin.platform.userExt')}
          key={form.key('userExt')}
          {...form.getInputProps('userExt')}
          onKeyDown={(e) => {
            // Enter makes a new line here; Ctrl/Cmd+Enter saves.
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey))
              e.currentTarget.form?.requestSubmit();
          }}
          maxLength={EXT_MAX}
          autosize
          minRows={4}
          maxRows={12}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 平台配置 (row action): the user's platform (dictionary user_type) and free JSON extension,
 * read from GET blade-user/platform-detail and saved with POST blade-user/update-platform.
 */
export default function PlatformDialog({ rows, onClose }: ActionDialogProps<User>) {
  const t = useT();
  const user = rows[0];
  const detail = useUserPlatformQuery(user?.id ?? '', {
    skip: !user,
    refetchOnMountOrArgChange: true,
  });
  const [busy, setBusy] = useState(false);

  let body;
  // Always the current settings: a cached answer is not shown while the fresh one loads.
  if (detail.isFetching) {
    body = (
      <Center h={120}>
        <Loader aria-label={t('common.loading')} />
      </Center>
    );
  } else if (detail.isError || !detail.data) {
    body = (
      <Alert color="red" variant="light" title={t('userAdmin.platform.loadFailed')}>
        <Stack gap="xs" align="flex-start">
          {detail.error?.message ? <Text size="sm">{detail.error.message}</Text> : null}
          <Button size="xs" variant="light" onClick={() => void detail.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  } else {
    body = (
      <PlatformForm
        key={detail.data.id}
        detail={detail.data}
        busy={busy}
        onBusy={setBusy}
        onClose={onClose}
      />
    );
  }

  return (
    <Modal
      opened
      onClose={() => {
        if (!busy) onClose(false);
      }}
      title={t('userAdmin.platform.title', { name: user ? user.realName || user.account : '' })}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
    >
      {body}
    </Modal>
  );
}
