import { ActionIcon, Badge, Select, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import { SearchSelect } from '../../components/search-select';
import { moneyText } from '../../contracts/money';
import {
  PRIORITY_MAX,
  PRODUCT_GOOD_MAP,
  WEIGHT_MAX,
  type GoodMap,
  type GoodOption,
  type MappedGood,
} from '../../contracts/platform-client/product-good-map';
import {
  SET_RULES,
  type PsclientProduct,
  type SetRule,
} from '../../contracts/platform-client/psclient-product';
import type { MessageKey } from '../../i18n';
import { useLang, useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';
import { Loading, ProductDialog, useProductSave, wholeIn } from './psclient-product-dialog-parts';

interface MapRow {
  good: Pick<
    MappedGood,
    'goodId' | 'goodCode' | 'goodName' | 'supName' | 'costPrice' | 'marketAmount' | 'goodType'
  > &
    Partial<Pick<MappedGood, 'stock' | 'sellable'>>;
  priority: string;
  weight: string;
}

const goodLabel = (g: { goodName: string; goodCode: string; supName: string }) =>
  `${g.goodName}（${g.goodCode}）· ${g.supName}`;

/** 商品映射: the goods of the product with priority and weight, and the rule. */
export function GoodMapDialog({ rows, onClose }: ActionDialogProps<PsclientProduct>) {
  const product = rows[0]!;
  const t = useT();
  const lang = useLang();
  const loaded = useResourceOptionsQuery(
    { path: `${PRODUCT_GOOD_MAP}/get`, params: { productId: product.id } },
    { refetchOnMountOrArgChange: true },
  );
  const options = useResourceOptionsQuery({ path: `${PRODUCT_GOOD_MAP}/goods` });
  const [edited, setEdited] = useState<{ rule: SetRule; rows: MapRow[] }>();
  const [errors, setErrors] = useState<Record<string, MessageKey>>({});
  const map = loaded.data as GoodMap | undefined;
  const state =
    edited ??
    (map && {
      rule: map.setRule,
      rows: map.goods.map((g) => ({
        good: g,
        priority: String(g.priority),
        weight: String(g.weight),
      })),
    });
  const fields = [
    'setRule',
    ...(state?.rows ?? []).flatMap((_, i) =>
      ['goodId', 'priority', 'weight'].map((f) => `goods.${i}.${f}`),
    ),
  ];
  const refusal = useRefusal(fields);
  const { save, busy } = useProductSave(refusal, onClose);
  const goods = Array.isArray(options.data) ? (options.data as GoodOption[]) : [];
  const change = (next: { rule: SetRule; rows: MapRow[] }) => {
    setEdited(next);
    setErrors({});
    refusal.clear();
  };

  const add = (goodId: string | null) => {
    const g = goods.find((o) => o.id === goodId);
    if (!state || !g || state.rows.some((r) => r.good.goodId === g.id)) return;
    const next = Math.max(0, ...state.rows.map((r) => Number(r.priority) || 0)) + 1;
    change({
      ...state,
      rows: [
        ...state.rows,
        {
          good: { ...g, goodId: g.id },
          priority: String(Math.min(next, PRIORITY_MAX)),
          weight: '1',
        },
      ],
    });
  };
  const setRow = (index: number, patch: Partial<MapRow>) =>
    state &&
    change({ ...state, rows: state.rows.map((r, i) => (i === index ? { ...r, ...patch } : r)) });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!state) return;
    const found: Record<string, MessageKey> = {};
    state.rows.forEach((r, i) => {
      if (wholeIn(r.priority, 1, PRIORITY_MAX) === undefined)
        found[`goods.${i}.priority`] = 'clientProduct.map.priorityInvalid';
      if (wholeIn(r.weight, 1, WEIGHT_MAX) === undefined)
        found[`goods.${i}.weight`] = 'clientProduct.map.weightInvalid';
    });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    refusal.clear();
    await save(`${PRODUCT_GOOD_MAP}/save`, {
      productId: product.id,
      setRule: state.rule,
      goods: state.rows.map((r) => ({
        goodId: r.good.goodId,
        priority: Number(r.priority),
        weight: Number(r.weight),
      })),
    });
  };
  const err = (field: string) => (errors[field] ? t(errors[field]) : refusal.error(field));
  const chosen = new Set(state?.rows.map((r) => r.good.goodId));

  return (
    <ProductDialog
      title={t('clientProduct.map.title', { name: product.productName })}
      busy={busy}
      ready={Boolean(state)}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
      size="xl"
    >
      {!state ? (
        <Loading failed={loaded.isError} />
      ) : (
        <>
          <Select
            label={t('clientProduct.map.rule')}
            data-autofocus
            allowDeselect={false}
            data={(Object.keys(SET_RULES) as SetRule[]).map((value) => ({
              value,
              label: SET_RULES[value][lang],
            }))}
            value={state.rule}
            onChange={(value) => value && change({ ...state, rule: value as SetRule })}
            description={t(`clientProduct.map.ruleHint.${state.rule}` as MessageKey)}
            error={refusal.error('setRule')}
          />
          <SearchSelect
            label={t('clientProduct.map.add')}
            placeholder={t('clientProduct.map.addPlaceholder')}
            data={goods
              .filter((g) => !chosen.has(g.id))
              .map((g) => ({ value: g.id, label: goodLabel(g) }))}
            value={null}
            onChange={add}
            comboboxProps={{ withinPortal: true }}
          />
          {state.rows.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('clientProduct.map.empty')}
            </Text>
          ) : (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('clientProduct.map.good')}</Table.Th>
                  <Table.Th>{t('clientProduct.map.costPrice')}</Table.Th>
                  <Table.Th>{t('clientProduct.map.marketAmount')}</Table.Th>
                  <Table.Th>{t('clientProduct.map.stock')}</Table.Th>
                  <Table.Th>{t('clientProduct.map.priority')}</Table.Th>
                  <Table.Th>{t('clientProduct.map.weight')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {state.rows.map((r, i) => (
                  <Table.Tr key={r.good.goodId}>
                    <Table.Td>
                      <Text size="sm">{goodLabel(r.good)}</Text>
                      {r.good.sellable === 0 && (
                        <Badge color="gray" size="xs">
                          {t('clientProduct.map.notSellable')}
                        </Badge>
                      )}
                      {refusal.error(`goods.${i}.goodId`) && (
                        <Text c="red" size="xs">
                          {refusal.error(`goods.${i}.goodId`)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{moneyText(r.good.costPrice)}</Table.Td>
                    <Table.Td>{moneyText(r.good.marketAmount)}</Table.Td>
                    <Table.Td>
                      {r.good.stock === null
                        ? t('clientProduct.map.unlimited')
                        : (r.good.stock ?? '—')}
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`${t('clientProduct.map.priority')} ${r.good.goodName}`}
                        inputMode="numeric"
                        w={80}
                        value={r.priority}
                        onChange={(e) => setRow(i, { priority: e.currentTarget.value })}
                        error={err(`goods.${i}.priority`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        aria-label={`${t('clientProduct.map.weight')} ${r.good.goodName}`}
                        inputMode="numeric"
                        w={80}
                        value={r.weight}
                        onChange={(e) => setRow(i, { weight: e.currentTarget.value })}
                        error={err(`goods.${i}.weight`)}
                      />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('clientProduct.map.removeGood', { name: r.good.goodName })}
                        onClick={() =>
                          change({ ...state, rows: state.rows.filter((_, j) => j !== i) })
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </ProductDialog>
  );
}
