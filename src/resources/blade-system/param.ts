import { paramContract } from '../../contracts/blade-system/param';
import { defineContractResource } from '../contract-resource';

export type { Param } from '../../contracts/blade-system/param';

/** System parameters of the caller's tenant; the fields are the contract's. */
export default defineContractResource({
  contract: paramContract,
  paging: 'generic',
  columns: [
    { field: 'paramName', width: 200 },
    { field: 'paramKey', width: 220 },
    {
      field: 'paramValue',
      width: 260,
      // The submit validates a whole parameter; `version` makes a stale edit a 409.
      edit: { kind: 'text', extraFields: ['id', 'version', 'paramName', 'paramKey', 'remark'] },
    },
    { field: 'remark', width: 200 },
    { field: 'createTime', width: 180, hiddenByDefault: true },
  ],
  filters: ['paramName', 'paramKey', 'paramValue'],
  form: {
    paramValue: { kind: 'textarea', wide: true },
    remark: { kind: 'textarea', wide: true },
  },
  recordLabel: (param) => param.paramName,
});
