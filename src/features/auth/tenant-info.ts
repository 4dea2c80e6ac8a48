import { useEffect, useState } from 'react';
import { apiRequest } from '../../api/client';
import { tenantFromInfo, type TenantLookup } from './tenant-field';

let lookup: Promise<string | undefined> | undefined;

/**
 * Asks once per page load which tenant serves this domain; the login form and the
 * registration dialog share the answer. A failure is forgotten so the next mount asks again.
 */
export function lookupDomainTenant(): Promise<string | undefined> {
  lookup ??= apiRequest<unknown>({
    url: 'blade-system/tenant/info',
    params: { domain: window.location.origin },
    auth: false,
    silent: true,
  })
    .then(tenantFromInfo)
    .catch((err: unknown) => {
      lookup = undefined;
      throw err;
    });
  return lookup;
}

export function useDomainTenant(): TenantLookup {
  const [state, setState] = useState<TenantLookup>({ status: 'pending' });
  useEffect(() => {
    let live = true;
    lookupDomainTenant().then(
      (tenantId) => live && setState({ status: 'done', tenantId }),
      () => live && setState({ status: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, []);
  return state;
}
