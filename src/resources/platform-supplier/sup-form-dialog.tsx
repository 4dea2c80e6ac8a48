import { useEffect } from 'react';
import { useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import { SUP_SERVICE, type Supplier } from '../../contracts/platform-supplier/sup';
import { useT } from '../../state/hooks';
import { usePlainPhone } from '../../state/use-plain-phone';
import { ResourceForm } from '../engine/resource-form';
import type { ActionDialogProps } from '../types';
import { SUP_FORM_DEF } from './sup-form';

type Values = Record<string, string>;

function SupplierForm({
  record,
  onClose,
  unreadable,
}: {
  record: (Supplier & Record<string, unknown>) | undefined;
  onClose(changed?: boolean): void;
  unreadable: boolean;
}) {
  const t = useT();
  const [submit] = useResourceSubmitMutation();
  const save = async (values: Values) => {
    const body: Record<string, unknown> = { ...values };
    if (record) {
      body.id = record.id;
      body.version = record.version;
      // A phone this session cannot read is kept unless a new one is typed.
      if (unreadable && !values.contactPhone) delete body.contactPhone;
    }
    // A refusal goes back to the form, which shows each refused field at its field.
    await submit({ service: SUP_SERVICE, body }).unwrap();
    toast('success', t(record ? 'messages.updated' : 'messages.added'));
    onClose(true);
  };
  return (
    <ResourceForm
      def={SUP_FORM_DEF}
      record={record}
      opened
      onClose={() => onClose(false)}
      onSubmit={save}
    />
  );
}

/** Edit: the row's contact phone arrives encrypted for this session; decrypted before opening. */
function EditSupplier({ row, onClose }: { row: Supplier; onClose(changed?: boolean): void }) {
  const t = useT();
  const phone = usePlainPhone(row.contactPhone ?? '');
  const unreadable = phone.status === 'unreadable';
  useEffect(() => {
    if (unreadable) toast('warning', t('supplier.phoneUnreadable'));
  }, [unreadable, t]);
  if (phone.status === 'loading') return null;
  const record = {
    ...row,
    contactPhone: phone.status === 'ready' ? phone.phone : '',
  } as Supplier & Record<string, unknown>;
  return <SupplierForm record={record} onClose={onClose} unreadable={unreadable} />;
}

/**
 * The suppliers screen's create and edit dialog: the engine's form over the contract's fields;
 * what it adds is the contact phone decrypted for editing (it is answered encrypted).
 */
export default function SupFormDialog({ rows, onClose }: ActionDialogProps<Supplier>) {
  const row = rows[0];
  return row ? (
    <EditSupplier row={row} onClose={onClose} />
  ) : (
    <SupplierForm record={undefined} onClose={onClose} unreadable={false} />
  );
}
