import {
  psclientAppContract,
  RATE_LIMIT_DEFAULT,
} from '../../contracts/platform-client/psclient-app';
import { defineContractResource, type ContractResourceDef } from '../contract-resource';
import type { FormDef } from '../engine/resource-form';

type Def = ContractResourceDef<object, typeof psclientAppContract>;

/** The form's controls beyond the contract's (shared by the declaration and its dialog). */
export const APP_FORM: NonNullable<Def['form']> = {
  callbackUrl: { wide: true },
  ipAllowlist: {
    kind: 'textarea',
    wide: true,
    editHint: {
      zh: '每行一个IPv4/IPv6地址或CIDR网段，留空不限来源地址',
      en: 'One IPv4/IPv6 address or CIDR range a line; empty: any address',
    },
  },
  rateLimit: { initial: String(RATE_LIMIT_DEFAULT) },
  remark: { kind: 'textarea', wide: true },
};

/**
 * The create/edit form the dialog (psclient-app-form-dialog.tsx) shows: the contract's fields
 * with the controls above. Built here, not read from the declaration, which loads the dialog
 * lazily.
 */
export const APP_FORM_DEF: FormDef = {
  title: psclientAppContract.title,
  form: defineContractResource({
    contract: psclientAppContract,
    columns: [],
    form: APP_FORM,
    recordLabel: () => '',
  }).form,
};
