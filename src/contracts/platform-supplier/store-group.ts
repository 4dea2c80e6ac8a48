import { defineContract } from '../resource-contract';
import { STORE_GROUP_SERVICE, STORE_REFUSALS } from './sup-store';

/**
 * A store group (issue 17 item 3, domain.md "store group"):
 * `blade-quanyi-platform-supplier/group`. Its stores are edited with a transfer list
 * (listLeftStore: not in the group, listRightStore: in it) and saved with saveGroup (the submit:
 * the group and its stores at once); listAllGroup answers `[{id, groupName}]` by name.
 */
export interface StoreGroup {
  id: string;
  groupName: string;
  /** How many live stores the group holds. */
  storeCount: number;
  remark: string | null;
  version: number;
  createTime: string;
}

/** A store as the transfer list shows it. */
export interface GroupStore {
  id: string;
  storeCode: string;
  storeName: string;
  supName: string;
}

/** Most stores one group holds (a saveGroup with more is refused). */
export const GROUP_MAX_STORES = 5000;

export const storeGroupContract = defineContract<StoreGroup>()({
  service: STORE_GROUP_SERVICE,
  route: '/supplierMerchant/group',
  title: { zh: '门店分组', en: 'Store group' },
  menu: 'store_group',
  buttons: ['add', 'edit', 'delete', 'view'],
  fields: {
    groupName: {
      label: { zh: '分组名称', en: 'Group name' },
      required: { zh: '请输入分组名称', en: 'Please enter the group name' },
      maxLength: 64,
      filter: 'like',
      sortable: true,
      unique: STORE_REFUSALS.groupTaken,
    },
    storeCount: { label: { zh: '门店数量', en: 'Stores' }, kind: 'integer', readOnly: true },
    remark: { label: { zh: '备注', en: 'Remark' }, maxLength: 500 },
    createTime: {
      label: { zh: '创建时间', en: 'Created' },
      kind: 'dateTime',
      readOnly: true,
      sortable: true,
    },
  },
  calls: {
    list: 'listGroupPage',
    submit: 'saveGroup',
    remove: 'removeById/{id}',
    select: 'listAllGroup',
  },
});
