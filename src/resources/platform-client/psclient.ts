import { psclientContract, type Psclient } from '../../contracts/platform-client/psclient';
import { defineContractResource } from '../contract-resource';
import { PSCLIENT_FORM, TENANT_SOURCE } from './psclient-form';

export type { Psclient } from '../../contracts/platform-client/psclient';

/**
 * 接入方档案 (issue 27 item 1): the contract's fields; the phone is answered masked in the list,
 * so editing goes through its own dialog (the whole phone from `get`), and a party's files open
 * from its row.
 */
export default defineContractResource({
  contract: psclientContract,
  paging: 'generic',
  columns: [
    { field: 'clientCode', width: 140 },
    { field: 'clientName', width: 200 },
    { field: 'shortName', width: 120, hiddenByDefault: true },
    { field: 'contactName', width: 110 },
    { field: 'contactPhone', width: 130 },
    { field: 'belongTenantName', width: 160 },
    { field: 'enabled', width: 80 },
    { field: 'remark', width: 200, hiddenByDefault: true },
    { field: 'createTime', width: 170 },
  ],
  filters: [
    'clientCode',
    'clientName',
    { name: 'belongTenantId', kind: 'select', source: TENANT_SOURCE },
    'enabled',
  ],
  form: PSCLIENT_FORM,
  formDialog: () => import('./psclient-form-dialog'),
  rowActions: [
    {
      id: 'files',
      label: { zh: '文件', en: 'Files' },
      permission: 'client_edit',
      dialog: () => import('./psclient-files-dialog'),
    },
  ],
  recordLabel: (c: Psclient) => `${c.clientName}（${c.clientCode}）`,
});
