import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useResourceOptionsQuery, useResourceSubmitMutation } from '../../api/resource';
import { SearchSelect } from '../../components/search-select';
import { toast } from '../../components/toast';
import { CLIENT_SERVICE } from '../../contracts/business-services';
import { moneyText } from '../../contracts/money';
import {
  FORBIDDEN_SALE_DAY,
  PRIORITY_MAX,
  PRODUCT_GOOD_MAP,
  WEIGHT_MAX,
  type ForbiddenDays,
  type GoodMap,
  type GoodOption,
  type MappedGood,
} from '../../contracts/platform-client/product-good-map';
import {
  PRODUCT_WARNING_SET,
  PSCLIENT_PRODUCT,
  SET_RULES,
  STOCK_WARN_MAX,
  type ProductWarning,
  type ProductWarningDefault,
  type PsclientProduct,
  type SetRule,
} from '../../contracts/platform-client/psclient-product';
import type { MessageKey } from '../../i18n';
import { useLang, useT } from '../../state/hooks';
import { formatDay } from '../engine/filters';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/**
 * The product screen's dialogs (issue 27 item 3): 商品映射 (the goods an order is fulfilled from
 * and the rule that picks one), 禁售日 (a product's or every product's forbidden-sale days) and
 * 预警设置 (a product's stock threshold, the tenant's default). Each loads what it edits, checks
 * it, and shows a refusal at its field (every field the server names) or as a toast.
 */

/** A call under the client service, relative to it (resourceSubmit's `path`). */
const under = (full: string) => full.slice(CLIENT_SERVICE.length + 1);

function Frame({
  title,
  busy,
  ready,
  onSubmit,
  onClose,
  children,
  size,
}: {
  title: string;
  busy: boolean;
  ready: boolean;
  onSubmit(event: FormEvent): void;
  onClose(changed?: boolean): void;
  children: ReactNode;
  size?: string;
}) {
  const t = useT();
  return (
    <Modal opened onClose={() => !busy && onClose(false)} title={title} size={size}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onClose(false)} disabled={busy}>
              {t('clientProduct.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!ready || busy}>
              {t('clientProduct.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function Loading({ failed }: { failed: boolean }) {
  const t = useT();
  return failed ? (
    <Alert color="red">{t('clientProduct.loadFailed')}</Alert>
  ) : (
    <Loader size="sm" aria-label={t('clientProduct.loading')} />
  );
}

/** A whole number within [min, max] typed as text, else undefined. */
function wholeIn(text: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(text.trim())) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

// ---------------------------------------------------------------- 商品映射

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
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
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
    try {
      await save({
        service: CLIENT_SERVICE,
        path: under(`${PRODUCT_GOOD_MAP}/save`),
        body: {
          productId: product.id,
          setRule: state.rule,
          goods: state.rows.map((r) => ({
            goodId: r.good.goodId,
            priority: Number(r.priority),
            weight: Number(r.weight),
          })),
        },
      }).unwrap();
      toast('success', t('messages.updated'));
      onClose(true);
    } catch (error) {
      refusal.show(error, t('errors.submitFailed'));
    }
  };
  const err = (field: string) => (errors[field] ? t(errors[field]) : refusal.error(field));
  const chosen = new Set(state?.rows.map((r) => r.good.goodId));

  return (
    <Frame
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
    </Frame>
  );
}

// ---------------------------------------------------------------- 禁售日

/** The local Date of a 'yyyy-MM-dd' day (the picker's days are local midnights). */
const dateOf = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
};

function DaysDialog({
  productId,
  title,
  hint,
  onClose,
}: {
  productId: string | null;
  title: string;
  hint: string;
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const loaded = useResourceOptionsQuery(
    { path: `${FORBIDDEN_SALE_DAY}/get`, params: productId ? { productId } : {} },
    { refetchOnMountOrArgChange: true },
  );
  const answer = loaded.data as ForbiddenDays | undefined;
  const [edited, setEdited] = useState<{ saleDay: string; reason: string }[]>();
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
  const days =
    edited ??
    (answer &&
      (productId ? answer.productDays : answer.allProductDays).map((d) => ({
        saleDay: d.saleDay,
        reason: d.reason ?? '',
      })));
  const refusal = useRefusal([
    'days',
    ...(days ?? []).flatMap((_, i) => [`days.${i}.saleDay`, `days.${i}.reason`]),
  ]);

  const pick = (dates: Date[]) => {
    const known = new Map((days ?? []).map((d) => [d.saleDay, d.reason]));
    setEdited(
      dates
        .map((date) => formatDay(date))
        .sort()
        .map((saleDay) => ({ saleDay, reason: known.get(saleDay) ?? '' })),
    );
    refusal.clear();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!days) return;
    refusal.clear();
    try {
      await save({
        service: CLIENT_SERVICE,
        path: under(`${FORBIDDEN_SALE_DAY}/save`),
        body: {
          productId,
          days: days.map((d) => ({ saleDay: d.saleDay, reason: d.reason.trim() || null })),
        },
      }).unwrap();
      toast('success', t('messages.updated'));
      onClose(true);
    } catch (error) {
      refusal.show(error, t('errors.submitFailed'));
    }
  };

  return (
    <Frame
      title={title}
      busy={busy}
      ready={Boolean(days)}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
      size="lg"
    >
      {!days || !answer ? (
        <Loading failed={loaded.isError} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
          <Group align="flex-start" wrap="nowrap">
            <DatePicker
              type="multiple"
              aria-label={t('clientProduct.days.pick')}
              minDate={dateOf(answer.today)}
              value={days.map((d) => dateOf(d.saleDay))}
              onChange={pick}
              // The keyboard starts on the first chosen day, else today (not the close button).
              getDayProps={(date) =>
                formatDay(date) === (days[0]?.saleDay ?? answer.today)
                  ? ({ 'data-autofocus': true } as Record<string, unknown>)
                  : {}
              }
            />
            <Stack gap="xs" style={{ flex: 1 }}>
              <Text size="sm" fw={500}>
                {t('clientProduct.days.chosen', { count: days.length })}
              </Text>
              {days.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('clientProduct.days.none')}
                </Text>
              )}
              {days.map((d, i) => (
                <TextInput
                  key={d.saleDay}
                  label={d.saleDay}
                  placeholder={t('clientProduct.days.reason')}
                  maxLength={200}
                  value={d.reason}
                  onChange={(e) => {
                    const reason = e.currentTarget.value;
                    setEdited(days.map((x, j) => (j === i ? { ...x, reason } : x)));
                  }}
                  error={refusal.error(`days.${i}.reason`) ?? refusal.error(`days.${i}.saleDay`)}
                />
              ))}
              {productId && answer.allProductDays.length > 0 && (
                <Text size="xs" c="dimmed">
                  {t('clientProduct.days.alsoAll', {
                    days: answer.allProductDays.map((d) => d.saleDay).join('、'),
                  })}
                </Text>
              )}
            </Stack>
          </Group>
        </>
      )}
    </Frame>
  );
}

/** 禁售日 of one product. */
export function ForbiddenDaysDialog({ rows, onClose }: ActionDialogProps<PsclientProduct>) {
  const t = useT();
  const product = rows[0]!;
  return (
    <DaysDialog
      productId={product.id}
      title={t('clientProduct.days.title', { name: product.productName })}
      hint={t('clientProduct.days.hint')}
      onClose={onClose}
    />
  );
}

/** 全部产品禁售日 (toolbar). */
export function AllForbiddenDaysDialog({ onClose }: ActionDialogProps<PsclientProduct>) {
  const t = useT();
  return (
    <DaysDialog
      productId={null}
      title={t('clientProduct.days.allTitle')}
      hint={t('clientProduct.days.allHint')}
      onClose={onClose}
    />
  );
}

// ---------------------------------------------------------------- 预警设置

function ThresholdDialog({
  title,
  load,
  savePath,
  body,
  hint,
  onClose,
}: {
  title: string;
  load: { path: string; params?: Record<string, string> };
  savePath: string;
  body(stockWarn: string): Record<string, unknown>;
  hint(answer: ProductWarning | ProductWarningDefault): string;
  onClose(changed?: boolean): void;
}) {
  const t = useT();
  const loaded = useResourceOptionsQuery(load, { refetchOnMountOrArgChange: true });
  const answer = loaded.data as (ProductWarning | ProductWarningDefault) | undefined;
  const [value, setValue] = useState<string>();
  const [invalid, setInvalid] = useState(false);
  const [save, { isLoading: busy }] = useResourceSubmitMutation();
  const refusal = useRefusal(['stockWarn']);
  const shown = value ?? (answer?.stockWarn === null || !answer ? '' : String(answer.stockWarn));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!answer) return;
    const bad = shown !== '' && wholeIn(shown, 0, STOCK_WARN_MAX) === undefined;
    setInvalid(bad);
    if (bad) return;
    refusal.clear();
    try {
      await save({ service: CLIENT_SERVICE, path: under(savePath), body: body(shown) }).unwrap();
      toast('success', t('messages.updated'));
      onClose(true);
    } catch (error) {
      refusal.show(error, t('errors.submitFailed'));
    }
  };

  return (
    <Frame
      title={title}
      busy={busy}
      ready={Boolean(answer)}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      {!answer ? (
        <Loading failed={loaded.isError} />
      ) : (
        <>
          <TextInput
            label={t('clientProduct.warn.stock')}
            description={hint(answer)}
            inputMode="numeric"
            data-autofocus
            value={shown}
            onChange={(e) => {
              setValue(e.currentTarget.value.replace(/[^\d]/g, ''));
              setInvalid(false);
              refusal.clear();
            }}
            error={invalid ? t('clientProduct.warn.invalid') : refusal.error('stockWarn')}
          />
          {'availableStock' in answer && (
            <Text size="sm" c="dimmed">
              {t('clientProduct.warn.current', { stock: answer.availableStock })}
            </Text>
          )}
        </>
      )}
    </Frame>
  );
}

/** 预警设置 of one product: its own threshold (empty: the default applies). */
export function WarnDialog({ rows, onClose }: ActionDialogProps<PsclientProduct>) {
  const t = useT();
  const product = rows[0]!;
  return (
    <ThresholdDialog
      title={t('clientProduct.warn.title', { name: product.productName })}
      load={{ path: `${PSCLIENT_PRODUCT}/warning/one/get`, params: { productId: product.id } }}
      savePath={`${PSCLIENT_PRODUCT}/add/warning/one`}
      body={(stockWarn) => ({ productId: product.id, stockWarn })}
      hint={(answer) =>
        t('clientProduct.warn.hint', {
          value:
            'defaultStockWarn' in answer && answer.defaultStockWarn !== null
              ? answer.defaultStockWarn
              : t('clientProduct.warn.noDefault'),
        })
      }
      onClose={onClose}
    />
  );
}

/** 默认库存预警 (toolbar): the threshold of products without their own. */
export function DefaultWarnDialog({ onClose }: ActionDialogProps<PsclientProduct>) {
  const t = useT();
  return (
    <ThresholdDialog
      title={t('clientProduct.warn.defaultTitle')}
      load={{ path: `${PRODUCT_WARNING_SET}/get` }}
      savePath={`${PRODUCT_WARNING_SET}/submit`}
      body={(stockWarn) => ({ stockWarn })}
      hint={() => t('clientProduct.warn.defaultHint')}
      onClose={onClose}
    />
  );
}
