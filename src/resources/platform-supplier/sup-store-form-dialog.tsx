import { useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import { STORE_SERVICE, type SupStore } from '../../contracts/platform-supplier/sup-store';
import { useT } from '../../state/hooks';
import { ResourceForm } from '../engine/resource-form';
import type { ActionDialogProps } from '../types';
import { STORE_FORM_DEF } from './sup-store-form';

/**
 * The stores screen's create and edit dialog: the engine's form over the contract's fields. Its
 * one region picker shows the deepest level the store has (a store placed in a city only shows
 * the city; `valueFrom` in sup-store-form.ts), so saving an untouched region keeps it; the
 * applicable goods are kept as they are (their own dialog edits them).
 */
export default function SupStoreFormDialog({ rows, onClose }: ActionDialogProps<SupStore>) {
  const t = useT();
  const row = rows[0];
  const [submit] = useResourceSubmitMutation();
  const record = row as unknown as Record<string, unknown> | undefined;
  const save = async (values: Record<string, string>) => {
    const body: Record<string, unknown> = { ...values };
    if (row) {
      body.id = row.id;
      body.version = row.version;
      body.goodIds = row.goodIds ?? '';
    }
    // A refusal goes back to the form, which shows each refused field at its field.
    await submit({ service: STORE_SERVICE, body }).unwrap();
    toast('success', t(row ? 'messages.updated' : 'messages.added'));
    onClose(true);
  };
  return (
    <ResourceForm
      def={STORE_FORM_DEF}
      record={record}
      opened
      onClose={() => onClose(false)}
      onSubmit={save}
    />
  );
}
