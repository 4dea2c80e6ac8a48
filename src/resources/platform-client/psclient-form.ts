import { psclientContract } from '../../contracts/platform-client/psclient';
import { defineContractResource, type ContractResourceDef } from '../contract-resource';
import type { FormDef } from '../engine/resource-form';
import type { OptionSource } from '../types';

/** The tenants a party may belong to (every tenant for the platform's operator, else its own). */
export const TENANT_SOURCE: OptionSource = {
  path: 'blade-system/tenant/select',
  label: 'tenantName',
  value: 'tenantId',
};

type Def = ContractResourceDef<object, typeof psclientContract>;

/** The form's controls beyond the contract's (shared by the declaration and its dialog). */
export const PSCLIENT_FORM: NonNullable<Def['form']> = {
  belongTenantId: { kind: 'select', source: TENANT_SOURCE },
  remark: { kind: 'textarea', wide: true },
};

/**
 * The create/edit form the dialog (psclient-form-dialog.tsx) shows: the contract's fields with
 * the controls above. Built here, not read from the declaration, which loads the dialog lazily.
 */
export const PSCLIENT_FORM_DEF: FormDef = {
  title: psclientContract.title,
  form: defineContractResource({
    contract: psclientContract,
    columns: [],
    form: PSCLIENT_FORM,
    recordLabel: () => '',
  }).form,
};
