import { useEffect, useMemo, useState } from 'react';
import { fetchPublicKey } from '../../api/auth-calls';
import { encryptPassword } from '../../lib/rsa';
import { toQueryParams, toQueryParamsAsync, type FilterDef, type FilterValues } from './filters';

const NONE: Record<string, string> = {};

/** The server's public key, asked for once per page load (contract.md decision 2). */
let publicKey: Promise<string> | undefined;
const encrypt = async (plain: string) => {
  publicKey ??= fetchPublicKey().catch((error: unknown) => {
    publicKey = undefined;
    throw error;
  });
  return encryptPassword(await publicKey, plain);
};

/**
 * The applied filters as BladeX list parameters. Encrypted filters (e.g. `couponCode2`) are sent
 * as RSA-OAEP ciphertext, which takes a round trip and Web Crypto: until the parameters of the
 * current values are ready, `ready` is false and the list waits (it never asks with plain text).
 */
export function useFilterParams(
  filters: readonly FilterDef[],
  applied: FilterValues,
): { params: Record<string, string>; ready: boolean } {
  const encrypted = filters.some((f) => f.encrypted);
  const plain = useMemo(
    () => (encrypted ? {} : toQueryParams(filters, applied)),
    [encrypted, filters, applied],
  );
  const [sealed, setSealed] = useState<{ of: FilterValues; params: Record<string, string> }>();
  useEffect(() => {
    if (!encrypted) return;
    let current = true;
    void toQueryParamsAsync(filters, applied, { encrypt }).then(
      (params) => {
        if (current) setSealed({ of: applied, params });
      },
      () => {
        // No key, no list: the API layer has said why; the next search tries again.
      },
    );
    return () => {
      current = false;
    };
  }, [encrypted, filters, applied]);
  const current = !encrypted ? plain : sealed?.of === applied ? sealed.params : undefined;
  // One object per set of parameters, so the list's arguments change only when they do.
  return useMemo(
    () => (current ? { params: current, ready: true } : { params: NONE, ready: false }),
    [current],
  );
}
