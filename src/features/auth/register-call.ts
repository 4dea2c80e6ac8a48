import { fetchPublicKey } from '../../api/auth-calls';
import { apiRequest, type ApiError } from '../../api/client';
import { encryptPassword } from '../../lib/rsa';
import type { RegisterValues } from './register-rules';

/**
 * blade-user/register-guest (spec section 7): a form post, public, both passwords RSA
 * encrypted like every password on the wire. Resolves when the application is stored.
 */
export async function registerGuest(values: RegisterValues, tenantId: string): Promise<void> {
  const key = await fetchPublicKey();
  const [password, password2] = await Promise.all([
    encryptPassword(key, values.password),
    encryptPassword(key, values.password2),
  ]);
  await apiRequest({
    url: 'blade-user/register-guest',
    method: 'POST',
    form: {
      tenantId,
      name: values.name.trim(),
      account: values.account.trim(),
      password,
      password2,
    },
    auth: false,
    silent: true,
  });
}

/** Spec section 8: the server's message, else 'submit failed' (network trouble included). */
export function registrationFailure(err: unknown): string | undefined {
  if (typeof err !== 'object' || err === null) return undefined;
  const e = err as Partial<ApiError>;
  return typeof e.status === 'number' && typeof e.message === 'string' && e.message
    ? e.message
    : undefined;
}
