import { supStoreContract } from '../../contracts/platform-supplier/sup-store';
import { REGION_PICKER } from '../contract-fields';
import { defineContractResource, type ContractResourceDef } from '../contract-resource';
import type { FormDef } from '../engine/resource-form';
import { SUPPLIER_SOURCE } from './sup-good-options';

type Def = ContractResourceDef<object, typeof supStoreContract>;

/**
 * The store form's controls beyond the contract's (shared by the declaration and its dialog):
 * the supplier select and one region picker over the regions tree, whose value is the deepest
 * level chosen (the server fills in the province and city above it).
 */
export const STORE_FORM: NonNullable<Def['form']> = {
  supId: { kind: 'select', source: SUPPLIER_SOURCE },
  provinceCode: false,
  cityCode: false,
  districtCode: {
    kind: 'treeSelect',
    label: { zh: '所在地区', en: 'Region' },
    source: REGION_PICKER,
    // The deepest level the store has; a refusal of any level is shown at the picker.
    valueFrom: ['districtCode', 'cityCode', 'provinceCode'],
    refusalsFrom: ['provinceCode', 'cityCode'],
  },
  address: { wide: true },
  goodIds: false,
  remark: { kind: 'textarea', wide: true },
};

/** The create/edit form of sup-store-form-dialog.tsx (not read from the lazy declaration). */
export const STORE_FORM_DEF: FormDef = {
  title: supStoreContract.title,
  form: defineContractResource({
    contract: supStoreContract,
    columns: [],
    form: STORE_FORM,
    recordLabel: () => '',
  }).form,
};
