import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import { refusalMessage, useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import {
  ADVERTISER_CONFIG,
  advertiserContract,
  type Advertiser,
  type AdvertiserSetting,
} from '../../contracts/platform-ad/advertiser';
import { messageIn } from '../../contracts/server-messages';
import { useLang, useT } from '../../state/hooks';
import type { ActionDialogProps } from '../types';

/**
 * 广告主配置 (advertiser_setting): the advertiser's key/value settings (advertiserConfig/get), edited
 * as a table and saved whole (save); 清空配置 removes them all (removeByCode). A secret is answered
 * as the mask and shown as it; sent back unchanged, the server keeps the stored value.
 */
export default function AdvertiserConfigDialog({ rows, onClose }: ActionDialogProps<Advertiser>) {
  const t = useT();
  const advertiser = rows[0];
  const answer = useResourceOptionsQuery(
    { path: ADVERTISER_CONFIG.get, params: { advertiserCode: advertiser?.advertiserCode ?? '' } },
    { skip: !advertiser },
  );
  if (!advertiser) return null;
  if (answer.isError)
    return (
      <Modal opened onClose={() => onClose(false)} title={advertiser.advertiserName}>
        <Alert color="red">{t('advertiserConfig.loadFailed')}</Alert>
      </Modal>
    );
  if (!answer.data) return null;
  return (
    <ConfigEditor
      advertiser={advertiser}
      initial={answer.data as AdvertiserSetting[]}
      onClose={onClose}
    />
  );
}

function ConfigEditor({
  advertiser,
  initial,
  onClose,
}: {
  advertiser: Advertiser;
  initial: AdvertiserSetting[];
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const lang = useLang();
  const code = advertiser.advertiserCode;
  const [settings, setSettings] = useState<AdvertiserSetting[]>(initial);
  const [post] = useIdempotentPostMutation();
  const send = useSendOnce(
    (arg: { path: string; body: Record<string, unknown> }, idempotencyKey: string) =>
      post({ ...arg, idempotencyKey, services: [advertiserContract.service] }).unwrap(),
  );
  const list = settings;
  const change = (i: number, patch: Partial<AdvertiserSetting>) =>
    setSettings(list.map((s, k) => (k === i ? { ...s, ...patch } : s)));
  const finish = async (path: string, body: Record<string, unknown>) => {
    const outcome = await send.run({ path, body });
    if (outcome.ok) {
      toast('success', t('messages.updated'));
      onClose(true);
    } else if (outcome.error !== undefined)
      toast('error', messageIn(lang, refusalMessage(outcome.error, t('errors.submitFailed'))));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void finish(ADVERTISER_CONFIG.save, { advertiserCode: code, settings: list });
  };
  return (
    <Modal
      opened
      size="lg"
      onClose={() => !send.busy && onClose(false)}
      title={t('advertiserConfig.title', { name: advertiser.advertiserName })}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('advertiserConfig.key')}</Table.Th>
                <Table.Th>{t('advertiserConfig.value')}</Table.Th>
                <Table.Th>{t('advertiserConfig.secret')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((s, i) => (
                <Table.Tr key={i}>
                  <Table.Td>
                    <TextInput
                      data-autofocus={i === 0 ? true : undefined}
                      aria-label={t('advertiserConfig.key')}
                      value={s.settingKey}
                      maxLength={64}
                      onChange={(e) => change(i, { settingKey: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('advertiserConfig.value')}
                      value={s.settingValue}
                      maxLength={500}
                      type={s.secret ? 'password' : 'text'}
                      onChange={(e) => change(i, { settingValue: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('advertiserConfig.secret')}
                      checked={s.secret === 1}
                      onChange={(e) => change(i, { secret: e.currentTarget.checked ? 1 : 0 })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('advertiserConfig.remove')}
                      onClick={() => setSettings(list.filter((_, k) => k !== i))}
                    >
                      ×
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed">
            {t('advertiserConfig.secretHint')}
          </Text>
          <Group justify="space-between">
            <Group>
              <Button
                variant="default"
                onClick={() =>
                  setSettings([...list, { settingKey: '', settingValue: '', secret: 0 }])
                }
              >
                {t('advertiserConfig.add')}
              </Button>
              <Button
                variant="default"
                color="red"
                disabled={send.busy}
                onClick={() =>
                  void finish(
                    `${ADVERTISER_CONFIG.removeByCode}?advertiserCode=${encodeURIComponent(code)}`,
                    {},
                  )
                }
              >
                {t('advertiserConfig.removeAll')}
              </Button>
            </Group>
            <Group>
              <Button variant="default" onClick={() => onClose(false)} disabled={send.busy}>
                {t('adPlan.cancel')}
              </Button>
              <Button type="submit" loading={send.busy} disabled={send.busy}>
                {t('adPlan.confirm')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
