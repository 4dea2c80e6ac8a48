import {
  Alert,
  Button,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import { useIdempotentPostMutation, useSendOnce } from '../../api/send-once';
import { SearchSelect } from '../../components/search-select';
import { toast } from '../../components/toast';
import { AMOUNT_MAX_FEN, formatMoney, parseYuan } from '../../contracts/money';
import {
  PLAN_REMARK_MAX,
  PRICE_MANAGEMENT,
  PRICE_PLAN_CALLS,
  VOID_REASON_MAX,
  type PricePlan,
  type ProductGoodsCost,
} from '../../contracts/platform-client/price-plan';
import { PSCLIENT_PRODUCT } from '../../contracts/platform-client/psclient-product';
import { REFERENCES } from '../../contracts/references';
import type { MessageKey } from '../../i18n';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';

/**
 * The price plan dialogs (issue 27 item 7): 新建调价 and 修改 (product, its current price and its
 * mapped goods' costs with the margin of the new price, new price, effective time, remark) and
 * 作废 (a reason). Each is sent once with an Idempotency-Key (api/send-once.ts); a time that is
 * not in the future is refused here before anything is sent, and the server checks it again.
 * The effective time is typed as the wire text (YYYY-MM-DD HH:mm:ss) or its day picked from the
 * calendar that opens below it (the typed time of day is kept).
 */

/** A plan write reloads the plans and the products (their price changes when one applies). */
const PLAN_SERVICES = [PRICE_MANAGEMENT, PSCLIENT_PRODUCT] as const;
const WIRE_TIME = 'YYYY-MM-DD HH:mm:ss';
type Errors = Partial<Record<string, MessageKey>>;

/** A money text as typed: digits and one dot only. */
const moneyInput = (value: string) => value.replace(/[^\d.]/g, '');
const fenOf = (yuan: number | string) => parseYuan(yuan) ?? 0;
/** The next whole hour: where a new plan's time starts. */
const nextHour = () => dayjs().add(1, 'hour').startOf('hour').toDate();
const wireText = (time: Date | null) => (time ? dayjs(time).format(WIRE_TIME) : '');

/** A time typed as the wire text, or null unless it is exactly one (no 02-30, no 24:00:00). */
function parseWireTime(text: string): Date | null {
  const parts = /^(\d{4})-(\d\d)-(\d\d) (\d\d):(\d\d):(\d\d)$/.exec(text);
  if (!parts) return null;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as number[];
  const time = new Date(year!, month! - 1, day, hour, minute, second);
  return wireText(time) === text ? time : null;
}

function usePlanPost() {
  const [post] = useIdempotentPostMutation();
  return useSendOnce(
    (arg: { path: string; body: Record<string, unknown> }, idempotencyKey: string) =>
      post({ ...arg, idempotencyKey, services: PLAN_SERVICES }).unwrap(),
  );
}

function Frame(props: {
  title: string;
  busy: boolean;
  onSubmit(event: FormEvent): void;
  onClose(changed?: boolean): void;
  children: ReactNode;
  size?: string;
}) {
  const t = useT();
  return (
    <Modal
      opened
      onClose={() => !props.busy && props.onClose(false)}
      title={props.title}
      size={props.size}
    >
      <form onSubmit={props.onSubmit} noValidate>
        <Stack gap="md">
          {props.children}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => props.onClose(false)} disabled={props.busy}>
              {t('pricePlan.cancel')}
            </Button>
            <Button type="submit" loading={props.busy} disabled={props.busy}>
              {t('pricePlan.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The product's current price and its mapped goods' costs, with the margin at `newPrice`. */
function ProductCosts({ productId, newPrice }: { productId: string; newPrice: string }) {
  const t = useT();
  const answer = useResourceOptionsQuery({ path: PRICE_PLAN_CALLS.goods, params: { productId } });
  const costs = answer.data as ProductGoodsCost | undefined;
  if (answer.isError) return <Alert color="red">{t('pricePlan.loadFailed')}</Alert>;
  if (!costs) return null;
  const price = parseYuan(newPrice);
  const margin = (cost: number) => {
    if (price === undefined || price <= 0) return '—';
    const fen = price - fenOf(cost);
    return (
      <Text span size="sm" c={fen < 0 ? 'red' : undefined}>
        {formatMoney(fen)}
      </Text>
    );
  };
  return (
    <Stack gap={4}>
      <Text size="sm">
        {t('pricePlan.current', {
          price: formatMoney(fenOf(costs.salePrice)),
          face: formatMoney(fenOf(costs.marketAmount)),
        })}
      </Text>
      <Text size="sm" fw={500}>
        {t('pricePlan.goods')}
      </Text>
      {costs.goods.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('pricePlan.noGoods')}
        </Text>
      ) : (
        <Table withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pricePlan.good')}</Table.Th>
              <Table.Th>{t('pricePlan.supplier')}</Table.Th>
              <Table.Th ta="right">{t('pricePlan.cost')}</Table.Th>
              <Table.Th ta="right">{t('pricePlan.face')}</Table.Th>
              <Table.Th ta="right">{t('pricePlan.margin')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {costs.goods.map((g) => (
              <Table.Tr key={g.goodId}>
                <Table.Td>{g.goodName}</Table.Td>
                <Table.Td>{g.supName}</Table.Td>
                <Table.Td ta="right">{formatMoney(fenOf(g.costPrice))}</Table.Td>
                <Table.Td ta="right">{formatMoney(fenOf(g.marketAmount))}</Table.Td>
                <Table.Td ta="right">{margin(g.costPrice)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

interface ProductOption {
  id: string;
  productCode: string;
  productName: string;
}

function ProductPicker(props: {
  value: string | null;
  onChange(id: string | null): void;
  error: ReactNode;
}) {
  const t = useT();
  const picker = REFERENCES.psclientProduct.picker;
  const answer = useResourceOptionsQuery({ path: picker.path });
  const products = (Array.isArray(answer.data) ? answer.data : []) as ProductOption[];
  return (
    <SearchSelect
      label={t('pricePlan.product')}
      withAsterisk
      data-autofocus
      data={products.map((p) => ({ value: p.id, label: `${p.productName}（${p.productCode}）` }))}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    />
  );
}

/** 新建调价 (no plan) or 修改 (a pending plan): the same fields, the product fixed when changing. */
function PlanDialog({ plan, onClose }: { plan?: PricePlan; onClose(changed?: boolean): void }) {
  const t = useT();
  const [productId, setProductId] = useState<string | null>(plan?.productId ?? null);
  const [newPrice, setNewPrice] = useState(plan ? String(plan.newPrice) : '');
  // The last whole time typed or picked (the field's value) and the text shown, which may be
  // half typed: what is sent is the text, refused unless it is a whole time.
  const [time, setTime] = useState<Date | null>(() =>
    plan ? dayjs(plan.effectiveTime).toDate() : nextHour(),
  );
  const [timeText, setTimeText] = useState(() => wireText(time));
  const [calendarOpen, setCalendarOpen] = useState(false);
  const calendar = useMemo(
    () => ({ onOpen: () => setCalendarOpen(true), onClose: () => setCalendarOpen(false) }),
    [],
  );
  const [remark, setRemark] = useState(plan?.remark ?? '');
  const [errors, setErrors] = useState<Errors>({});
  const refusal = useRefusal(['productId', 'newPrice', 'effectiveTime', 'remark']);
  const send = usePlanPost();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fen = parseYuan(newPrice);
    const due = parseWireTime(timeText.trim());
    const found: Errors = {
      productId: productId ? undefined : 'pricePlan.productRequired',
      newPrice:
        fen === undefined || fen < 1 || fen > AMOUNT_MAX_FEN ? 'pricePlan.priceInvalid' : undefined,
      effectiveTime: !timeText.trim()
        ? 'pricePlan.timeRequired'
        : !due
          ? 'pricePlan.timeInvalid'
          : due.getTime() <= Date.now()
            ? 'pricePlan.timePast'
            : undefined,
    };
    for (const name of Object.keys(found)) if (!found[name]) delete found[name];
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    refusal.clear();
    const fields = {
      newPrice,
      effectiveTime: wireText(due),
      remark: remark.trim(),
    };
    const outcome = await send.run(
      plan
        ? {
            path: PRICE_PLAN_CALLS.update,
            body: { id: plan.id, version: plan.version, ...fields },
          }
        : { path: PRICE_PLAN_CALLS.create, body: { productId, ...fields } },
    );
    if (outcome.ok) {
      toast('success', t(plan ? 'pricePlan.updated' : 'pricePlan.created'));
      onClose(true);
    } else if (outcome.error !== undefined) refusal.show(outcome.error, t('errors.submitFailed'));
  };
  const err = (name: string) => (errors[name] ? t(errors[name]) : refusal.error(name));
  const edited = (name: string) => {
    setErrors(({ [name]: _dropped, ...rest }) => rest);
    refusal.clear(name);
  };

  return (
    <Frame
      title={
        plan ? t('pricePlan.update.title', { name: plan.productName }) : t('pricePlan.create.title')
      }
      busy={send.busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
      size="lg"
    >
      {plan ? (
        <Text size="sm">{`${plan.productName}（${plan.productCode}）`}</Text>
      ) : (
        <ProductPicker
          value={productId}
          onChange={(id) => {
            setProductId(id);
            edited('productId');
          }}
          error={err('productId')}
        />
      )}
      {productId && <ProductCosts productId={productId} newPrice={newPrice} />}
      <TextInput
        label={t('pricePlan.newPrice')}
        withAsterisk
        inputMode="decimal"
        value={newPrice}
        onChange={(e) => {
          setNewPrice(moneyInput(e.currentTarget.value));
          edited('newPrice');
        }}
        error={err('newPrice')}
        {...(plan ? { 'data-autofocus': true } : {})}
      />
      <DateInput
        label={t('pricePlan.effectiveTime')}
        withAsterisk
        placeholder={WIRE_TIME}
        valueFormat={WIRE_TIME}
        dateParser={parseWireTime}
        fixOnBlur={false}
        minDate={new Date()}
        value={time}
        onInput={(e) => {
          setTimeText(e.currentTarget.value);
          edited('effectiveTime');
        }}
        onChange={(value) => {
          // A whole time typed (the text is already it) or a day picked: the field then shows
          // the new time, unless it is the one it holds (then the text shown stays).
          if (value?.getTime() !== time?.getTime()) setTimeText(wireText(value));
          setTime(value);
          edited('effectiveTime');
        }}
        popoverProps={calendar}
        // Escape closes the open calendar, not the dialog (Mantine's modal skips such a target).
        data-mantine-stop-propagation={calendarOpen || undefined}
        error={err('effectiveTime')}
      />
      <Textarea
        label={t('pricePlan.remark')}
        value={remark}
        maxLength={PLAN_REMARK_MAX}
        autosize
        minRows={2}
        onChange={(e) => {
          setRemark(e.currentTarget.value);
          edited('remark');
        }}
        error={err('remark')}
      />
    </Frame>
  );
}

export const CreatePlanDialog = ({ onClose }: ActionDialogProps<PricePlan>) => (
  <PlanDialog onClose={onClose} />
);

export function UpdatePlanDialog({ rows, onClose }: ActionDialogProps<PricePlan>) {
  return rows[0] ? <PlanDialog plan={rows[0]} onClose={onClose} /> : null;
}

/** 作废: pending -> void with a reason. */
export function VoidPlanDialog({ rows, onClose }: ActionDialogProps<PricePlan>) {
  const t = useT();
  const plan = rows[0];
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<MessageKey>();
  const refusal = useRefusal(['reason']);
  const send = usePlanPost();
  if (!plan) return null;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setProblem('pricePlan.reasonRequired');
    setProblem(undefined);
    const outcome = await send.run({
      path: PRICE_PLAN_CALLS.void,
      body: { id: plan.id, reason: text },
    });
    if (outcome.ok) {
      toast('success', t('pricePlan.voided'));
      onClose(true);
    } else if (outcome.error !== undefined) refusal.show(outcome.error, t('errors.submitFailed'));
  };
  return (
    <Frame
      title={t('pricePlan.void.title', { name: plan.productName })}
      busy={send.busy}
      onSubmit={(e) => void submit(e)}
      onClose={onClose}
    >
      <Text size="sm">{t('pricePlan.voidHint')}</Text>
      <Textarea
        label={t('pricePlan.reason')}
        withAsterisk
        data-autofocus
        value={reason}
        maxLength={VOID_REASON_MAX}
        autosize
        minRows={2}
        onChange={(e) => {
          setReason(e.currentTarget.value);
          setProblem(undefined);
          refusal.clear('reason');
        }}
        error={problem ? t(problem) : refusal.error('reason')}
      />
    </Frame>
  );
}
