import { createElement } from 'react';
import {
  BELOW_WARNING,
  PSCLIENT_PRODUCT,
  psclientProductContract,
  type PsclientProduct,
} from '../../contracts/platform-client/psclient-product';
import { defineContractResource } from '../contract-resource';
import { lazyDialogs } from '../parts/lazy-dialog';
import type { ActionDef } from '../types';
import { ProductMediaSection } from './psclient-product-media';

const code = (alias: string) => `${psclientProductContract.menu}_${alias}`;
const mapDialog = lazyDialogs(() => import('./psclient-product-map-dialog'));
const daysDialog = lazyDialogs(() => import('./psclient-product-days-dialog'));
const warnDialog = lazyDialogs(() => import('./psclient-product-warn-dialog'));

/** 上架 / 下架 (shelfConfig): per row, and over the selected rows from the toolbar. */
function shelfAction(onShelf: 0 | 1, selection?: 'some'): ActionDef<PsclientProduct> {
  const on = onShelf === 1;
  return {
    id: `${on ? 'onShelf' : 'offShelf'}${selection ? 'Selected' : ''}`,
    label: on ? { zh: '上架', en: 'Put on shelf' } : { zh: '下架', en: 'Take off shelf' },
    permission: code('shelf'),
    ...(on ? {} : { color: 'orange' }),
    ...(selection ? { selection } : { when: (row) => Number(row.onShelf) !== onShelf }),
    call: {
      path: `${PSCLIENT_PRODUCT}/shelfConfig`,
      params: (rows) => ({ ids: rows.map((r) => r.id).join(','), onShelf: String(onShelf) }),
      confirm: on
        ? { zh: '确定上架所选产品？', en: 'Put the selected products on the shelf?' }
        : {
            zh: '确定下架所选产品？下架后应用不能再订购。',
            en: 'Take the selected products off the shelf? Apps can no longer order them.',
          },
      done: on ? { zh: '上架成功', en: 'On the shelf' } : { zh: '下架成功', en: 'Off the shelf' },
    },
  };
}

/**
 * 产品档案 (/product/product-files, issue 27 item 3): the client products apps order. The
 * contract gives the fields and calls; the screen adds the goods mapping, forbidden days,
 * shelf and warning actions, the low-stock tag and the product's pictures and videos.
 */
export default defineContractResource({
  contract: psclientProductContract,
  paging: 'generic',
  columns: [
    { field: 'productCode', width: 130 },
    { field: 'productName', width: 200 },
    { field: 'marketAmount', width: 100 },
    { field: 'salePrice', width: 100 },
    { field: 'setRule', width: 100 },
    { field: 'goodCount', kind: 'number', width: 100 },
    { field: 'availableStock', kind: 'number', width: 100 },
    { field: 'stockWarn', kind: 'number', width: 100, hiddenByDefault: true },
    { field: 'belowWarning', kind: 'tag', options: BELOW_WARNING, width: 100 },
    { field: 'onShelf', width: 80 },
    { field: 'enabled', width: 80 },
    { field: 'description', width: 220, hiddenByDefault: true },
    { field: 'remark', width: 160, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: ['productCode', 'productName', 'setRule', 'onShelf', 'enabled'],
  form: {
    setRule: { initial: 'priority' },
    pictures: {
      kind: 'multiSelect',
      source: {
        path: `${PSCLIENT_PRODUCT}/media-options`,
        params: { kind: 'picture' },
        label: 'name',
        value: 'id',
      },
      wide: true,
    },
    videos: {
      kind: 'multiSelect',
      source: {
        path: `${PSCLIENT_PRODUCT}/media-options`,
        params: { kind: 'video' },
        label: 'name',
        value: 'id',
      },
      wide: true,
    },
    description: { kind: 'textarea', wide: true },
    remark: { kind: 'textarea', wide: true },
  },
  rowActions: [
    shelfAction(1),
    shelfAction(0),
    {
      id: 'goodMap',
      label: { zh: '商品映射', en: 'Goods mapping' },
      permission: code('good_map'),
      dialog: mapDialog((m) => m.GoodMapDialog),
    },
    {
      id: 'forbiddenDays',
      label: { zh: '禁售日', en: 'Forbidden days' },
      permission: code('edit'),
      dialog: daysDialog((m) => m.ForbiddenDaysDialog),
    },
    {
      id: 'warn',
      label: { zh: '预警设置', en: 'Warning settings' },
      permission: code('warn_setting'),
      dialog: warnDialog((m) => m.WarnDialog),
    },
  ],
  toolbarActions: [
    shelfAction(1, 'some'),
    shelfAction(0, 'some'),
    {
      id: 'allForbiddenDays',
      label: { zh: '全部产品禁售日', en: 'Forbidden days of all' },
      permission: code('edit'),
      selection: 'none',
      dialog: daysDialog((m) => m.AllForbiddenDaysDialog),
    },
    {
      id: 'defaultWarn',
      label: { zh: '默认库存预警', en: 'Default stock threshold' },
      permission: code('warn_setting'),
      selection: 'none',
      dialog: warnDialog((m) => m.DefaultWarnDialog),
    },
  ],
  recordLabel: (p) => `${p.productName}（${p.productCode}）`,
  detailSection: ({ row }) => createElement(ProductMediaSection, { productId: row.id }),
});
