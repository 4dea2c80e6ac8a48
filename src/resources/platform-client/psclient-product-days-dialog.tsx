import { Group, Stack, Text, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { useState, type FormEvent } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import {
  FORBIDDEN_SALE_DAY,
  type ForbiddenDays,
} from '../../contracts/platform-client/product-good-map';
import type { PsclientProduct } from '../../contracts/platform-client/psclient-product';
import { useT } from '../../state/hooks';
import { formatDay } from '../engine/filters';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';
import { Loading, ProductDialog, useProductSave } from './psclient-product-dialog-parts';

/** 禁售日: the days a product (or every product) is not sold, each with its reason. */

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
  const { save, busy } = useProductSave(refusal, onClose);

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
    await save(`${FORBIDDEN_SALE_DAY}/save`, {
      productId,
      days: days.map((d) => ({ saleDay: d.saleDay, reason: d.reason.trim() || null })),
    });
  };

  return (
    <ProductDialog
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
    </ProductDialog>
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
