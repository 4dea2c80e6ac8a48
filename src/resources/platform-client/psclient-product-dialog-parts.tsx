import { Alert, Loader } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import { CLIENT_SERVICE } from '../../contracts/business-services';
import { useT } from '../../state/hooks';
import { FormDialog } from '../parts/form-dialog';

/**
 * What the product screen's dialogs share (issue 27 item 3): 商品映射 (psclient-product-map-
 * dialog), 禁售日 (psclient-product-days-dialog), 预警设置 (psclient-product-warn-dialog). Each
 * loads what it edits (saving waits for it), checks it, and shows a refusal at its field (every
 * field the server names) or as a toast.
 */

/** A call under the client service, relative to it (resourceSubmit's `path`). */
const under = (full: string) => full.slice(CLIENT_SERVICE.length + 1);

/** A product dialog's frame: cancel and save (saving waits for `ready`). */
export function ProductDialog(
  props: Omit<ComponentProps<typeof FormDialog>, 'submitLabel' | 'cancelLabel'>,
) {
  const t = useT();
  return (
    <FormDialog
      {...props}
      submitLabel={t('clientProduct.save')}
      cancelLabel={t('clientProduct.cancel')}
    />
  );
}

/**
 * A product dialog's save (a submit under the client service): said and closed when done, a
 * refusal shown at the dialog's fields (`refusal`) or as a toast.
 */
export function useProductSave(
  refusal: { show(error: unknown, fallback: string): void },
  onClose: (changed?: boolean) => void,
) {
  const t = useT();
  const [submit, { isLoading: busy }] = useResourceSubmitMutation();
  const save = async (path: string, body: Record<string, unknown>) => {
    try {
      await submit({ service: CLIENT_SERVICE, path: under(path), body }).unwrap();
      toast('success', t('messages.updated'));
      onClose(true);
    } catch (error) {
      refusal.show(error, t('errors.submitFailed'));
    }
  };
  return { save, busy };
}

/** What a dialog shows until what it edits has loaded. */
export function Loading({ failed }: { failed: boolean }) {
  const t = useT();
  return failed ? (
    <Alert color="red">{t('clientProduct.loadFailed')}</Alert>
  ) : (
    <Loader size="sm" aria-label={t('clientProduct.loading')} />
  );
}

/** A whole number within [min, max] typed as text, else undefined. */
export function wholeIn(text: string, min: number, max: number): number | undefined {
  if (!/^\d+$/.test(text.trim())) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}
