import { SUPPLIER_SERVICE } from '../../contracts/business-services';
import type { ValueOption } from '../types';

/** Dictionary sup_good_type, with the console's English (dictionaries carry zh only). */
export const GOOD_TYPES: readonly ValueOption[] = [
  { value: '1', label: { zh: '券码', en: 'Coupon code' }, color: 'teal' },
  { value: '2', label: { zh: '直充', en: 'Direct recharge' }, color: 'orange' },
  { value: '3', label: { zh: '接口卡密', en: 'Interface card' }, color: 'indigo' },
];

/** `onShelf`: 1 on the shelf, 0 off. */
export const SHELF: readonly ValueOption[] = [
  { value: '1', label: { zh: '上架', en: 'On shelf' }, color: 'green' },
  { value: '0', label: { zh: '下架', en: 'Off shelf' }, color: 'gray' },
];

/** `status`: the enable flag. */
export const GOOD_STATUS: readonly ValueOption[] = [
  { value: '1', label: { zh: '启用', en: 'Enabled' }, color: 'green' },
  { value: '0', label: { zh: '停用', en: 'Disabled' }, color: 'gray' },
];

/** The enabled suppliers of the tenant, for the supplier select of the filter and the form. */
export const SUPPLIER_SOURCE = {
  path: `${SUPPLIER_SERVICE}/sup/list-not-page`,
  label: 'supName',
  value: 'id',
} as const;
