import { SUP_STATUS_NAMES, supContract } from '../../contracts/platform-supplier/sup';
import { defineContractResource, type ContractResourceDef } from '../contract-resource';
import type { FormDef } from '../engine/resource-form';
import type { Bilingual, ValueOption } from '../types';

/** Dictionary sup_settlement_type, with the console's English (dictionaries carry zh only). */
export const SETTLEMENT_TYPES: readonly ValueOption[] = [
  { value: '1', label: { zh: '预付', en: 'Prepaid' }, color: 'blue' },
  { value: '2', label: { zh: '后付', en: 'Postpaid' }, color: 'grape' },
];

/** Dictionary sup_supply_type. */
export const SUPPLY_TYPES: readonly ValueOption[] = [
  { value: '1', label: { zh: '券码', en: 'Coupon code' }, color: 'teal' },
  { value: '2', label: { zh: '直充', en: 'Direct recharge' }, color: 'orange' },
  { value: '3', label: { zh: '接口卡密', en: 'Interface card' }, color: 'indigo' },
];

/** The supplier interface drivers (the server's SUP_DRIVERS). */
export const SUP_DRIVER_OPTIONS: readonly ValueOption[] = [
  { value: 'sandbox', label: { zh: '沙箱', en: 'Sandbox' } },
  { value: 'http', label: { zh: 'HTTP 接口', en: 'HTTP interface' } },
];

/** The enable flag (`status`): 1 enabled, 0 disabled. */
export const SUP_STATUS: readonly ValueOption[] = [
  { value: '1', label: SUP_STATUS_NAMES[1], color: 'green' },
  { value: '0', label: SUP_STATUS_NAMES[0], color: 'gray' },
];

export const SUP_TITLE: Bilingual = supContract.title;

type Def = ContractResourceDef<object, typeof supContract>;

/** The form's controls beyond the contract's (shared by the declaration and its dialog). */
export const SUP_FORM: NonNullable<Def['form']> = {
  settlementType: { kind: 'select', options: SETTLEMENT_TYPES },
  supplyType: { kind: 'select', options: SUPPLY_TYPES },
  driver: { kind: 'select', options: SUP_DRIVER_OPTIONS, initial: 'sandbox' },
  interfaceEndpoint: { wide: true },
  // Edit shows the mask, never the stored secret: saved unchanged (or emptied) it keeps the
  // stored one, anything else replaces it.
  interfaceSecret: {
    kind: 'password',
    editHint: { zh: '不修改请保持原样', en: 'Leave as is to keep it' },
  },
  remark: { kind: 'textarea', wide: true },
};

/**
 * The create/edit form the dialog (sup-form-dialog.tsx) shows: the contract's fields with the
 * controls above. Built here, not read from the declaration, which loads the dialog lazily.
 */
export const SUP_FORM_DEF: FormDef = {
  title: SUP_TITLE,
  form: defineContractResource({
    contract: supContract,
    columns: [],
    form: SUP_FORM,
    recordLabel: () => '',
  }).form,
};
