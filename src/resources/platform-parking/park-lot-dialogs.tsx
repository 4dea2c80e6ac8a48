import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIdempotentPostMutation, refusalMessage, useSendOnce } from '../../api/send-once';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import {
  PARK_LOT_CALLS,
  parkLotContract,
  type ParkAuthCode,
  type ParkLot,
} from '../../contracts/platform-parking/park-lot';
import {
  PAY_CHANNELS,
  PAY_SETTING_CALLS,
  paySettingRefusal,
  type ParkPaySetting,
  type PayChannel,
} from '../../contracts/platform-parking/park-pay-setting';
import { useLang, useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import { ImportDialog } from '../parts/import-dialog';
import type { ActionDialogProps } from '../types';

const SERVICE = parkLotContract.service;
const lotLabel = (lot: ParkLot | undefined) => (lot ? `${lot.lotName}（${lot.lotCode}）` : '');

/** 导入 (toolbar): importParkData through the import engine, with its template and result file. */
export function ParkLotImportDialog({ onClose }: ActionDialogProps<ParkLot>) {
  const t = useT();
  return (
    <ImportDialog
      title={t('parkingMaster.import.title')}
      endpoints={{
        upload: PARK_LOT_CALLS.importParkData,
        template: PARK_LOT_CALLS.importTemplate,
        result: PARK_LOT_CALLS.importResult,
      }}
      templateFileName={t('parkingMaster.import.templateFile')}
      hint={t('parkingMaster.import.hint')}
      refresh={SERVICE}
      onClose={onClose}
    />
  );
}

/** What loadingParkData answers (the parking driver's load, served beside the bills). */
interface LoadResult {
  lots: number;
  lotsAdded: number;
  billsAdded: number;
  flowsAdded: number;
  failed: { lotCode: string; message: string }[];
}

/**
 * 同步数据 (toolbar): confirmed, then POST loadingParkData once (Idempotency-Key: a double click
 * or a retry after a lost answer is one load); the counts and the lots that failed are shown.
 */
export function ParkLotLoadDialog({ onClose }: ActionDialogProps<ParkLot>) {
  const t = useT();
  const [post] = useIdempotentPostMutation();
  const [result, setResult] = useState<LoadResult>();
  const { run, busy } = useSendOnce((_: null, idempotencyKey: string) =>
    post({
      path: PARK_LOT_CALLS.loadingParkData,
      body: {},
      idempotencyKey,
      services: [SERVICE],
    }).unwrap(),
  );
  const start = async () => {
    const answer = await run(null);
    if (answer.ok) {
      toast('success', t('parkingMaster.load.done'));
      setResult((answer.value as LoadResult | null) ?? undefined);
      if (!answer.value) onClose(true);
    } else if (answer.error) toast('error', refusalMessage(answer.error, t('errors.submitFailed')));
  };
  return (
    <Modal
      opened
      onClose={() => !busy && onClose(result !== undefined)}
      title={t('parkingMaster.load.title')}
    >
      <Stack gap="md">
        {result ? (
          <>
            <Text size="sm">
              {t('parkingMaster.load.result', {
                lots: String(result.lots),
                lotsAdded: String(result.lotsAdded),
                billsAdded: String(result.billsAdded),
                flowsAdded: String(result.flowsAdded),
              })}
            </Text>
            {(result.failed ?? []).map((f) => (
              <Alert key={f.lotCode} color="orange">
                {f.lotCode}：{f.message}
              </Alert>
            ))}
            <Group justify="flex-end">
              <Button onClick={() => onClose(true)} data-autofocus>
                {t('parkingMaster.close')}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <Text size="sm">{t('parkingMaster.load.confirm')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
                {t('parkingMaster.cancel')}
              </Button>
              <Button onClick={() => void start()} loading={busy} data-autofocus>
                {t('parkingMaster.load.submit')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

type Form = Omit<ParkPaySetting, 'pricePerHour' | 'dailyCap' | 'monthPrice' | 'freeMinutes'> & {
  freeMinutes: number | string;
  pricePerHour: number | string;
  dailyCap: number | string;
  monthPrice: number | string;
};
const FIELDS = [
  'freeMinutes',
  'pricePerHour',
  'dailyCap',
  'monthPrice',
  'channels',
  'merchantNo',
] as const;

/** The form of a loaded setting: edits kept apart from the answer until saved. */
function PaySettingForm({
  loaded,
  busy,
  onSave,
  onCancel,
  error,
}: {
  loaded: ParkPaySetting;
  busy: boolean;
  onSave(form: Form): void;
  onCancel(): void;
  error(field: string): React.ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  const [form, setForm] = useState<Form>(loaded);
  const [local, setLocal] = useState<[string, string]>();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setLocal(undefined);
  };
  const at = (field: string) => (local?.[0] === field ? local[1] : error(field));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = paySettingRefusal(form);
    if (refusal) setLocal([refusal[0], refusal[1][lang]]);
    else onSave(form);
  };
  const money = (field: 'pricePerHour' | 'dailyCap' | 'monthPrice') => (
    <NumberInput
      label={t(`parkingMaster.pay.${field}`)}
      value={form[field]}
      onChange={(v) => set(field, v)}
      decimalScale={2}
      min={0}
      allowNegative={false}
      error={at(field)}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {loaded.version === 0 && <Alert color="blue">{t('parkingMaster.pay.none')}</Alert>}
        <NumberInput
          label={t('parkingMaster.pay.freeMinutes')}
          value={form.freeMinutes}
          onChange={(v) => set('freeMinutes', v)}
          allowDecimal={false}
          allowNegative={false}
          error={at('freeMinutes')}
          data-autofocus
        />
        {money('pricePerHour')}
        {money('dailyCap')}
        {money('monthPrice')}
        <Checkbox.Group
          label={t('parkingMaster.pay.channels')}
          value={form.channels}
          onChange={(v) => set('channels', v as PayChannel[])}
          error={at('channels')}
        >
          <Group gap="md" mt={4}>
            {Object.entries(PAY_CHANNELS).map(([value, label]) => (
              <Checkbox key={value} value={value} label={label[lang]} />
            ))}
          </Group>
        </Checkbox.Group>
        <TextInput
          label={t('parkingMaster.pay.merchantNo')}
          value={form.merchantNo}
          maxLength={32}
          onChange={(e) => set('merchantNo', e.currentTarget.value)}
          error={at('merchantNo')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('parkingMaster.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('parkingMaster.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * 支付设置 (row action): the lot's tariff and channels from getParkPaySetting (the defaults at
 * version 0 when none), checked here with the contract's rules, saved with the version read.
 */
export function ParkPaySettingDialog({ rows, onClose }: ActionDialogProps<ParkLot>) {
  const t = useT();
  const lot = rows[0];
  const answer = useResourceOptionsQuery(
    { path: PAY_SETTING_CALLS.get, params: { lotId: lot?.id ?? '' } },
    { refetchOnMountOrArgChange: true },
  );
  const loaded = answer.data as ParkPaySetting | undefined;
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
  const refusal = useRefusal(FIELDS);
  const onSave = async (form: Form) => {
    refusal.clear();
    try {
      await save({ service: SERVICE, path: 'saveParkPaySetting', body: { ...form } }).unwrap();
      toast('success', t('parkingMaster.pay.saved'));
      onClose(true);
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
    }
  };
  return (
    <Modal
      opened
      onClose={() => !busy && onClose(false)}
      title={t('parkingMaster.pay.title', { name: lotLabel(lot) })}
    >
      {answer.isFetching && !loaded ? (
        <Loader size="sm" aria-label={t('parkingMaster.loading')} />
      ) : answer.isError || !loaded ? (
        <Alert color="red">{t('parkingMaster.loadFailed')}</Alert>
      ) : (
        <PaySettingForm
          loaded={loaded}
          busy={busy}
          onSave={(form) => void onSave(form)}
          onCancel={() => onClose(false)}
          error={refusal.error}
        />
      )}
    </Modal>
  );
}

/** 授权码 (row action, reads only): the auth code of the lot's supplier at the lot. */
export function ParkAuthCodeDialog({ rows, onClose }: ActionDialogProps<ParkLot>) {
  const t = useT();
  const lot = rows[0];
  const answer = useResourceOptionsQuery(
    { path: PARK_LOT_CALLS.listParkAuthCode, params: { supId: lot?.supId ?? '' } },
    { skip: !lot?.supId },
  );
  const codes = ((answer.data as ParkAuthCode[] | undefined) ?? []).filter(
    (c) => c.lotId === lot?.id,
  );
  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={t('parkingMaster.auth.title', { name: lotLabel(lot) })}
    >
      <Stack gap="md">
        {!lot?.supId ? (
          <Alert color="gray">{t('parkingMaster.auth.none')}</Alert>
        ) : answer.isFetching ? (
          <Loader size="sm" aria-label={t('parkingMaster.loading')} />
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('parkingMaster.auth.sup')}</Table.Th>
                <Table.Th>{t('parkingMaster.auth.code')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {codes.map((c) => (
                <Table.Tr key={`${c.supId}-${c.lotId}`}>
                  <Table.Td>{c.supName}</Table.Td>
                  <Table.Td ff="monospace">{c.authCode}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          <Button onClick={() => onClose(false)} data-autofocus>
            {t('parkingMaster.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
