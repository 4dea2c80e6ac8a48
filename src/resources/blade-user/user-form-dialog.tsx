import { useEffect } from 'react';
import { fetchPublicKey } from '../../api/auth-calls';
import type { ApiError } from '../../api/client';
import { useCreateUserMutation, useUpdateUserMutation } from '../../api/user-admin';
import { useT } from '../../state/hooks';
import { ResourceForm, type FormDef } from '../engine/resource-form';
import { encryptPassword } from '../../lib/rsa';
import { USER_FORM, USER_TITLE } from './user-form';
import type { User } from '../../contracts/blade-user/user';
import type { ActionDialogProps } from '../types';
import { usePlainPhone } from '../../state/use-plain-phone';
import { toast } from '../../components/toast';

type Values = Record<string, string>;

/** The users declaration's form (USER_FORM) and title, which the dialog shows. */
const FORM_DEF: FormDef = { title: USER_TITLE, form: USER_FORM };

/** The server's message, else `fallback` (network trouble, encryption failure). */
function failure(err: unknown, fallback: string): Error {
  const message = (err as Partial<ApiError> | undefined)?.message;
  return new Error(typeof message === 'string' && message ? message : fallback);
}

/**
 * Create: the engine's form with the create-only account and passwords. The two passwords must
 * match; the password travels RSA-OAEP encrypted (ARCHITECTURE.md contract notes), the
 * confirmation not at all. POST blade-user/submit.
 */
function CreateUser({ onClose }: { onClose(changed?: boolean): void }) {
  const t = useT();
  const [create] = useCreateUserMutation();
  const submit = async (values: Values) => {
    const { password = '', password2, ...rest } = values;
    // Shown at the confirmation, as a refused field is (resources/engine/form-refusal.tsx).
    if (password !== password2) throw { fields: { password2: t('userAdmin.form.mismatch') } };
    let cipher: string;
    try {
      cipher = await encryptPassword(await fetchPublicKey(), password);
    } catch (err) {
      throw failure(err, t('errors.submitFailed'));
    }
    // A refusal goes back to the form, which shows each refused field at its field.
    await create({ ...rest, password: cipher }).unwrap();
    toast('success', t('messages.added'));
    onClose(true);
  };
  return (
    <ResourceForm
      def={FORM_DEF}
      record={undefined}
      opened
      onClose={() => onClose(false)}
      onSubmit={submit}
    />
  );
}

/**
 * Edit: the row's phone arrives encrypted for this session, so it is decrypted before the form
 * opens; POST blade-user/update with the row's version (a stale one answers 409). A phone this
 * session cannot read is left out unless the user types a new one.
 */
function EditUser({ user, onClose }: { user: User; onClose(changed?: boolean): void }) {
  const t = useT();
  const phone = usePlainPhone(user.phone ?? '');
  const [update] = useUpdateUserMutation();
  // Rare (another session's ciphertext): say why the phone field is empty.
  const unreadable = phone.status === 'unreadable';
  useEffect(() => {
    if (unreadable) toast('warning', t('userAdmin.form.phoneUnreadable'));
  }, [unreadable, t]);
  // Decrypting takes a moment (Web Crypto); the form opens with the phone in it.
  if (phone.status === 'loading') return null;
  const record = { ...user, phone: phone.status === 'ready' ? phone.phone : '' };
  const submit = async (values: Values) => {
    const body: Record<string, unknown> & { id: string } = {
      ...values,
      id: user.id,
      version: user.version,
    };
    if (unreadable && !values.phone) delete body.phone;
    // A refusal goes back to the form, which shows each refused field at its field.
    await update(body).unwrap();
    toast('success', t('messages.updated'));
    onClose(true);
  };
  return (
    <ResourceForm
      def={FORM_DEF}
      record={record}
      opened
      onClose={() => onClose(false)}
      onSubmit={submit}
    />
  );
}

/**
 * The users screen's create (toolbar, no selection) and edit (row) dialog. The fields are the
 * declaration's (USER_FORM) in the engine's form; this dialog adds what the engine's form cannot
 * do: encrypt the password and check the confirmation on create, decrypt the phone on edit.
 */
export default function UserFormDialog({ rows, onClose }: ActionDialogProps<User>) {
  const user = rows[0];
  return user ? <EditUser user={user} onClose={onClose} /> : <CreateUser onClose={onClose} />;
}
