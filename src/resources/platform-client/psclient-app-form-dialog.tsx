import { useState } from 'react';
import { useResourceSubmitMutation } from '../../api/resource';
import { useSendOnce } from '../../api/send-once';
import { toast } from '../../components/toast';
import {
  PSCLIENT_APP_SERVICE,
  type IssuedSecret,
  type PsclientApp,
} from '../../contracts/platform-client/psclient-app';
import { useT } from '../../state/hooks';
import { ResourceForm } from '../engine/resource-form';
import type { ActionDialogProps } from '../types';
import { issueSecret, SecretOnce, useAppsChanged } from './app-secret-dialog';
import { APP_FORM_DEF } from './psclient-app-form';

type Values = Record<string, string>;

/**
 * The apps' create and edit dialog: the engine's form over the contract's fields. A new app's
 * answer carries its secret, shown once (SecretOnce) and then forgotten; it is sent with an
 * Idempotency-Key outside the RTK Query cache (app-secret-dialog.tsx). An edit is a plain submit.
 */
export default function PsclientAppFormDialog({ rows, onClose }: ActionDialogProps<PsclientApp>) {
  const t = useT();
  const record = rows[0];
  const [issued, setIssued] = useState<IssuedSecret>();
  const [update] = useResourceSubmitMutation();
  const changed = useAppsChanged();
  const create = useSendOnce((body: Values, key: string) => issueSecret('submit', body, key));

  if (issued)
    return (
      <SecretOnce
        issued={issued}
        onClose={() => {
          setIssued(undefined);
          onClose(true);
        }}
      />
    );

  const save = async (values: Values) => {
    if (record) {
      // A refusal goes back to the form, which shows each refused field at its field.
      await update({
        service: PSCLIENT_APP_SERVICE,
        body: { ...values, id: record.id, version: record.version },
      }).unwrap();
      toast('success', t('messages.updated'));
      onClose(true);
      return;
    }
    const result = await create.run(values);
    if (!result.ok) {
      if (result.error) throw result.error;
      return;
    }
    toast('success', t('messages.added'));
    changed();
    setIssued(result.value);
  };

  return (
    <ResourceForm
      def={APP_FORM_DEF}
      record={record as (PsclientApp & Record<string, unknown>) | undefined}
      opened
      onClose={() => onClose(false)}
      onSubmit={save}
    />
  );
}
