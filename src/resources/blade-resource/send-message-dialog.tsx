import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useSendSmsMessageMutation } from '../../api/sms';
import { useT } from '../../state/hooks';
import type { SmsSetting } from '../../contracts/blade-resource/sms';
import type { ActionDialogProps } from '../types';
import {
  MAX_PHONES,
  paramsProblem,
  phonesProblem,
  splitPhones,
  type InputProblem,
} from './sms-message-input';
import { useErrorsFollowLanguage } from '../../components/form-errors';
import { toast } from '../../components/toast';

/** The server's text without its `<field>:` prefix (the dialog shows which field it is). */
function failureText(err: unknown): string {
  const message = String((err as { message?: unknown } | undefined)?.message ?? err);
  const m = /^[A-Za-z][A-Za-z0-9_]*:(.+)$/s.exec(message);
  return (m?.[1] ?? message).trim();
}

/**
 * 发送短信 (SMS settings, row and toolbar action): a template message to some phones through
 * blade-resource/sms/endpoint/send-message. From a row it goes out with that setting (its
 * resource code); from the toolbar with the tenant's enabled setting. Nothing in the list
 * changes, so the dialog always closes unchanged.
 */
export default function SendMessageDialog({ rows, onClose }: ActionDialogProps<SmsSetting>) {
  const t = useT();
  const setting = rows[0];
  const [failure, setFailure] = useState<string>();
  const [send, { isLoading: busy }] = useSendSmsMessageMutation();
  const say = (p: InputProblem | undefined) => (p ? t(p.key, p.params) : null);
  const form = useForm({
    mode: 'uncontrolled',
    initialValues: { phones: '', params: '' },
    validate: {
      phones: (phones) => say(phonesProblem(splitPhones(phones))),
      params: (params) => say(paramsProblem(params)),
    },
  });
  useErrorsFollowLanguage(form);

  const submit = async ({ phones, params }: { phones: string; params: string }) => {
    const list = splitPhones(phones);
    setFailure(undefined);
    try {
      const result = await send({
        code: setting?.smsCode,
        phones: list.join(','),
        params: params.trim(),
      }).unwrap();
      toast('success', t('systemSettings.sms.sent', { count: result?.count ?? list.length }));
      onClose(false);
    } catch (err) {
      setFailure(failureText(err));
    }
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('systemSettings.sms.sendTitle')}
      closeOnClickOutside={!busy}
      closeOnEscape={!busy}
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
            {setting
              ? t('systemSettings.sms.withSetting', {
                  code: setting.smsCode,
                  template: setting.templateId,
                })
              : t('systemSettings.sms.withEnabled')}
          </Text>
          <Textarea
            label={t('systemSettings.sms.phones')}
            description={t('systemSettings.sms.phonesHint', { max: MAX_PHONES })}
            required
            data-autofocus
            autosize
            minRows={2}
            maxRows={6}
            key={form.key('phones')}
            {...form.getInputProps('phones')}
          />
          <Textarea
            label={t('systemSettings.sms.params')}
            description={t('systemSettings.sms.paramsHint')}
            autosize
            minRows={2}
            maxRows={6}
            key={form.key('params')}
            {...form.getInputProps('params')}
          />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('systemSettings.sms.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
