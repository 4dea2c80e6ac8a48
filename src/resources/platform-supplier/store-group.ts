import { storeGroupContract } from '../../contracts/platform-supplier/store-group';
import { defineContractResource } from '../contract-resource';

/**
 * Store groups (issue 17 item 3): the editor is a keyboard-usable transfer list of stores (it
 * calls saveGroup); the list and remove are the contract's calls (listGroupPage, removeById).
 */
export default defineContractResource({
  contract: storeGroupContract,
  paging: 'generic',
  columns: [
    { field: 'groupName', width: 220 },
    { field: 'storeCount', kind: 'number', width: 110 },
    { field: 'remark', width: 240 },
    { field: 'createTime', width: 170 },
  ],
  filters: ['groupName'],
  formDialog: () => import('./store-group-dialog'),
  recordLabel: (group) => group.groupName,
});
