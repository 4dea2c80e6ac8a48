import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  useResourceCallMutation,
  useResourceOptionsQuery,
  useResourceSubmitMutation,
} from '../../api/resource';
import { SearchSelect } from '../../components/search-select';
import { toast } from '../../components/toast';
import { STORE_SERVICE, type SupStore } from '../../contracts/platform-supplier/sup-store';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';
import { SUPPLIER_SOURCE } from './sup-good-options';

/** 批量修改: the fields typed are set on every selected store; empty ones are left as they are. */
export function BatchEditDialog({ rows, onClose }: ActionDialogProps<SupStore>) {
  const t = useT();
  const [values, setValues] = useState({ address: '', phone: '', remark: '' });
  const [failure, setFailure] = useState<string>();
  const refusal = useRefusal(['address', 'phone', 'remark']);
  const [submit, state] = useResourceSubmitMutation();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (state.isLoading) return;
    const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));
    if (Object.keys(changes).length === 0) {
      setFailure(t('supplierStores.batch.nothing'));
      return;
    }
    setFailure(undefined);
    refusal.clear();
    try {
      await submit({
        service: STORE_SERVICE,
        path: 'batch-update',
        body: { ids: rows.map((r) => r.id), ...changes },
      }).unwrap();
    } catch (err) {
      refusal.show(err, t('errors.submitFailed'));
      return;
    }
    toast('success', t('supplierStores.batch.done', { count: rows.length }));
    onClose(true);
  };
  const field = (name: keyof typeof values) => ({
    value: values[name],
    onChange: (e: { currentTarget: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.currentTarget.value }));
      refusal.clear(name);
    },
    error: refusal.error(name),
  });
  return (
    <Modal opened onClose={() => onClose(false)} title={t('supplierStores.batch.title')}>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('supplierStores.batch.hint', { count: rows.length })}
          </Text>
          <TextInput
            label={t('supplierStores.batch.address')}
            maxLength={255}
            data-autofocus
            {...field('address')}
          />
          <TextInput label={t('supplierStores.batch.phone')} maxLength={32} {...field('phone')} />
          <Textarea label={t('supplierStores.batch.remark')} maxLength={500} {...field('remark')} />
          {failure && (
            <Alert color="red" variant="light" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)}>
              {t('supplierStores.group.cancel')}
            </Button>
            <Button type="submit" loading={state.isLoading}>
              {t('supplierStores.group.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** 同步门店: load-store from the chosen supplier's interface (merged by store code). */
export function LoadStoresDialog({ onClose }: ActionDialogProps<SupStore>) {
  const t = useT();
  const suppliers = useResourceOptionsQuery({ path: SUPPLIER_SOURCE.path });
  const [supId, setSupId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [load, state] = useResourceCallMutation();
  const options = Array.isArray(suppliers.data)
    ? (suppliers.data as { id: string; supName: string }[]).map((s) => ({
        value: s.id,
        label: s.supName,
      }))
    : [];
  const run = async (event: FormEvent) => {
    event.preventDefault();
    if (state.isLoading) return;
    setFailure(undefined);
    if (!supId) {
      setFailure(t('supplierStores.load.choose'));
      return;
    }
    try {
      const done = (await load({
        service: STORE_SERVICE,
        path: `${STORE_SERVICE}/load-store`,
        params: { supId },
      }).unwrap()) as { created: number; updated: number };
      setOutcome(t('supplierStores.load.done', { created: done.created, updated: done.updated }));
    } catch {
      // The API layer has shown the refusal (a call, not a form: no field to put it at).
    }
  };
  return (
    <Modal opened onClose={() => onClose(!!outcome)} title={t('supplierStores.load.title')}>
      <form onSubmit={(e) => void run(e)} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('supplierStores.load.hint')}
          </Text>
          <SearchSelect
            label={t('supplierStores.load.supplier')}
            data={options}
            value={supId}
            onChange={setSupId}
            withAsterisk
            data-autofocus
            comboboxProps={{ withinPortal: true }}
          />
          <div aria-live="polite">
            {outcome && <Text size="sm">{outcome}</Text>}
            {failure && (
              <Text size="sm" c="red.8" role="alert">
                {failure}
              </Text>
            )}
          </div>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(!!outcome)}>
              {t('common.close')}
            </Button>
            <Button type="submit" loading={state.isLoading}>
              {t('supplierStores.load.run')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface ApplicableForm {
  allGoods: boolean;
  goods: { id: string; goodCode: string; goodName: string; applicable: boolean }[];
}

/** 适用商品: all of the supplier's goods, or the ones checked (saved with the store's submit). */
export function ApplicableGoodsDialog({ rows, onClose }: ActionDialogProps<SupStore>) {
  const t = useT();
  const store = rows[0]!;
  const form = useResourceOptionsQuery({
    path: `${STORE_SERVICE}/applicable-form`,
    params: { id: store.id },
  });
  const answer = form.data as ApplicableForm | undefined;
  const [all, setAll] = useState<boolean>();
  const [chosen, setChosen] = useState<string[]>();
  const refusal = useRefusal(['goodIds']);
  const [submit, state] = useResourceSubmitMutation();
  const allGoods = all ?? answer?.allGoods ?? true;
  const checked =
    chosen ??
    (answer && !answer.allGoods ? answer.goods.filter((g) => g.applicable).map((g) => g.id) : []);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (state.isLoading) return;
    const row = store as unknown as Record<string, unknown>;
    const body: Record<string, unknown> = {};
    for (const key of [
      'id',
      'version',
      'supId',
      'storeCode',
      'storeName',
      'provinceCode',
      'cityCode',
      'districtCode',
      'address',
      'phone',
      'remark',
    ])
      body[key] = row[key];
    body.goodIds = allGoods ? '' : checked.join(',');
    refusal.clear();
    try {
      await submit({ service: STORE_SERVICE, body }).unwrap();
    } catch (err) {
      // A refusal of another field of the store (saved as it is) goes to the toast.
      refusal.show(err, t('errors.submitFailed'));
      return;
    }
    toast('success', t('messages.updated'));
    onClose(true);
  };
  return (
    <Modal
      opened
      onClose={() => onClose(false)}
      title={t('supplierStores.goods.title', { name: store.storeName })}
    >
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="sm">
          {!answer ? (
            form.isError ? (
              <Alert color="red" variant="light">
                {t('supplierStores.group.loadFailed')}
              </Alert>
            ) : (
              <Loader size="sm" aria-label={t('supplierStores.group.loading')} />
            )
          ) : (
            <>
              <Switch
                label={t('supplierStores.goods.all')}
                checked={allGoods}
                onChange={(e) => setAll(e.currentTarget.checked)}
                data-autofocus
                error={allGoods ? refusal.error('goodIds') : undefined}
              />
              {!allGoods && (
                <Checkbox.Group
                  label={t('supplierStores.goods.chosen')}
                  value={checked}
                  onChange={(next) => {
                    setChosen(next);
                    refusal.clear('goodIds');
                  }}
                  error={refusal.error('goodIds')}
                >
                  <Stack gap={6} mt={6}>
                    {answer.goods.length === 0 && (
                      <Text size="sm" c="dimmed">
                        {t('supplierStores.goods.none')}
                      </Text>
                    )}
                    {answer.goods.map((g) => (
                      <Checkbox key={g.id} value={g.id} label={`${g.goodName}（${g.goodCode}）`} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)}>
              {t('supplierStores.group.cancel')}
            </Button>
            <Button type="submit" loading={state.isLoading} disabled={!answer}>
              {t('supplierStores.group.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
