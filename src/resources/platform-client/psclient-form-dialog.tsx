import { Center, Loader, Modal } from '@mantine/core';
import { useEffect } from 'react';
import { useResourceDetailQuery, useResourceSubmitMutation } from '../../api/resource';
import { toast } from '../../components/toast';
import { PSCLIENT_SERVICE, type Psclient } from '../../contracts/platform-client/psclient';
import { useT } from '../../state/hooks';
import { usePlainPhone } from '../../state/use-plain-phone';
import { ResourceForm } from '../engine/resource-form';
import type { ActionDialogProps } from '../types';
import { PSCLIENT_FORM_DEF } from './psclient-form';

type Record_ = Psclient & Record<string, unknown>;

function PartyForm({ record, onClose }: { record?: Record_; onClose(changed?: boolean): void }) {
  const t = useT();
  const [submit] = useResourceSubmitMutation();
  const save = async (values: Record<string, string>) => {
    const body: Record<string, unknown> = { ...values };
    if (record) {
      body.id = record.id;
      body.version = record.version;
    }
    // A refusal goes back to the form, which shows each refused field at its field.
    await submit({ service: PSCLIENT_SERVICE, body }).unwrap();
    toast('success', t(record ? 'messages.updated' : 'messages.added'));
    onClose(true);
  };
  return (
    <ResourceForm
      def={PSCLIENT_FORM_DEF}
      record={record}
      opened
      onClose={() => onClose(false)}
      onSubmit={save}
    />
  );
}

/**
 * Edit: the list answers the phone masked, so the record comes from `get` (the phone encrypted
 * for this session, decrypted here). A phone this session cannot decrypt is shown masked: saved
 * unchanged the server keeps the stored one.
 */
function EditParty({ row, onClose }: { row: Psclient; onClose(changed?: boolean): void }) {
  const t = useT();
  const detail = useResourceDetailQuery({ service: PSCLIENT_SERVICE, id: row.id, path: 'get' });
  const fresh = detail.data as Psclient | null | undefined;
  const phone = usePlainPhone(fresh ? (fresh.contactPhone ?? '') : undefined);
  const unreadable = phone.status === 'unreadable';
  useEffect(() => {
    if (unreadable) toast('warning', t('clientAccess.phoneUnreadable'));
  }, [unreadable, t]);
  useEffect(() => {
    if (detail.isError) onClose(false);
  }, [detail.isError, onClose]);
  if (!fresh || phone.status === 'loading')
    return (
      <Modal opened onClose={() => onClose(false)} title={t('clientAccess.loading')}>
        <Center h={120}>
          <Loader aria-label={t('clientAccess.loading')} />
        </Center>
      </Modal>
    );
  const record = {
    ...fresh,
    contactPhone: phone.status === 'ready' ? phone.phone : row.contactPhone,
  } as Record_;
  return <PartyForm record={record} onClose={onClose} />;
}

/** The archives' create and edit dialog: the engine's form over the contract's fields. */
export default function PsclientFormDialog({ rows, onClose }: ActionDialogProps<Psclient>) {
  const row = rows[0];
  return row ? <EditParty row={row} onClose={onClose} /> : <PartyForm onClose={onClose} />;
}
