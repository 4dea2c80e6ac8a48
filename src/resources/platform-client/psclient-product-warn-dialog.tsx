import { Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import {
  PRODUCT_WARNING_SET,
  PSCLIENT_PRODUCT,
  STOCK_WARN_MAX,
  type ProductWarning,
  type ProductWarningDefault,
  type PsclientProduct,
} from '../../contracts/platform-client/psclient-product';
import { useT } from '../../state/hooks';
import { useRefusal } from '../engine/form-refusal';
import type { ActionDialogProps } from '../types';
import { Loading, ProductDialog, useProductSave, wholeIn } from './psclient-product-dialog-parts';

/** 预警设置: a product's stock threshold, or the tenant's default for products without one. */

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
  const refusal = useRefusal(['stockWarn']);
  const { save, busy } = useProductSave(refusal, onClose);
  const shown = value ?? (answer?.stockWarn === null || !answer ? '' : String(answer.stockWarn));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!answer) return;
    const bad = shown !== '' && wholeIn(shown, 0, STOCK_WARN_MAX) === undefined;
    setInvalid(bad);
    if (bad) return;
    refusal.clear();
    await save(savePath, body(shown));
  };

  return (
    <ProductDialog
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
    </ProductDialog>
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
