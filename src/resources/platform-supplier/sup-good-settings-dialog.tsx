import { Alert, Button, Group, Loader, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import {
  SIGN_METHODS,
  SUP_GOOD,
  type SupGood,
  type SupGoodInterface,
} from '../../contracts/platform-supplier/sup-good';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

type Warn = 'stockWarn' | 'validTimeWarn';

const WARN: Record<Warn, { path: string; title: MessageKey; label: MessageKey }> = {
  stockWarn: {
    path: 'stock-warn',
    title: 'supplierGoods.stockWarn.title',
    label: 'supplierGoods.stockWarn.label',
  },
  validTimeWarn: {
    path: 'valid-time-warn',
    title: 'supplierGoods.validTimeWarn.title',
    label: 'supplierGoods.validTimeWarn.label',
  },
};

/** A dialog that loads one good's setting (GET), edits it and saves it (POST) with its version. */
function SettingDialog<T extends { version: number }>({
  title,
  load,
  savePath,
  fields,
  onClose,
  children,
  body,
}: {
  title: string;
  load: { path: string; params: Record<string, string> };
  savePath: string;
  /** The fields the dialog edits: a refusal of one is shown at it. */
  fields: readonly string[];
  onClose(changed?: boolean): void;
  children(answer: T, error: (field: string) => React.ReactNode): React.ReactNode;
  body(answer: T): Record<string, unknown>;
}) {
  const t = useT();
  const answer = useResourceOptionsQuery(load, { refetchOnMountOrArgChange: true });
  const loaded = answer.data as T | undefined;
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
  const refusal = useRefusal(fields);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!loaded) return;
    refusal.clear();
    try {
      await save({ service: SUP_GOOD, path: savePath, body: body(loaded) }).unwrap();
      toast('success', t('messages.updated'));
      onClose(true);
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
    }
  };

  return (
    <Modal opened onClose={() => !busy && onClose(false)} title={title}>
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
          {answer.isFetching && !loaded ? (
            <Loader size="sm" aria-label={t('supplierGoods.loading')} />
          ) : answer.isError || !loaded ? (
            <Alert color="red">{t('supplierGoods.loadFailed')}</Alert>
          ) : (
            children(loaded, refusal.error)
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('supplierGoods.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!loaded}>
              {t('supplierGoods.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function WarnDialog({ rows, onClose, warn }: ActionDialogProps<SupGood> & { warn: Warn }) {
  const t = useT();
  const good = rows[0];
  const spec = WARN[warn];
  const [value, setValue] = useState<string>();
  type Answer = { id: string; version: number } & Partial<Record<Warn, number | string>>;
  return (
    <SettingDialog<Answer>
      title={t(spec.title, { name: good?.goodName ?? '' })}
      load={{ path: `${SUP_GOOD}/get-${spec.path}`, params: { id: good?.id ?? '' } }}
      savePath={`set-${spec.path}`}
      fields={[warn]}
      onClose={onClose}
      body={(loaded) => ({
        id: loaded.id,
        version: loaded.version,
        [warn]: value ?? String(loaded[warn] ?? ''),
      })}
    >
      {(loaded, error) => (
        <TextInput
          label={t(spec.label)}
          description={t('supplierGoods.warn.empty')}
          inputMode="numeric"
          data-autofocus
          value={value ?? String(loaded[warn] ?? '')}
          onChange={(e) => setValue(e.currentTarget.value.replace(/[^\d]/g, ''))}
          error={error(warn)}
        />
      )}
    </SettingDialog>
  );
}

export function StockWarnDialog(props: ActionDialogProps<SupGood>) {
  return <WarnDialog {...props} warn="stockWarn" />;
}

export function ValidTimeWarnDialog(props: ActionDialogProps<SupGood>) {
  return <WarnDialog {...props} warn="validTimeWarn" />;
}

/** 接口配置 (good-interface-get/set): the supplier-side code of the good and the signing method. */
export function InterfaceDialog({ rows, onClose }: ActionDialogProps<SupGood>) {
  const t = useT();
  const good = rows[0];
  const [code, setCode] = useState<string>();
  const [method, setMethod] = useState<string>();
  return (
    <SettingDialog<SupGoodInterface>
      title={t('supplierGoods.interface.title', { name: good?.goodName ?? '' })}
      load={{ path: `${SUP_GOOD}/good-interface-get`, params: { id: good?.id ?? '' } }}
      savePath="good-interface-set"
      fields={['interfaceGoodCode', 'signMethod']}
      onClose={onClose}
      body={(loaded) => ({
        id: loaded.id,
        version: loaded.version,
        interfaceGoodCode: code ?? loaded.interfaceGoodCode ?? '',
        signMethod: method ?? loaded.signMethod ?? SIGN_METHODS[0],
      })}
    >
      {(loaded, error) => (
        <>
          <TextInput
            label={t('supplierGoods.interface.code')}
            description={t('supplierGoods.interface.codeHint')}
            maxLength={64}
            data-autofocus
            value={code ?? loaded.interfaceGoodCode ?? ''}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error('interfaceGoodCode')}
          />
          <Select
            label={t('supplierGoods.interface.method')}
            data={[...SIGN_METHODS]}
            allowDeselect={false}
            value={method ?? loaded.signMethod ?? SIGN_METHODS[0]}
            onChange={(v) => v && setMethod(v)}
            error={error('signMethod')}
          />
        </>
      )}
    </SettingDialog>
  );
}
