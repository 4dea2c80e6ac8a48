import { postContract } from '../../contracts/blade-system/post';
import { defineContractResource } from '../contract-resource';

export type { Post } from '../../contracts/blade-system/post';

/** Posts (job titles) of the caller's tenant; the fields are the contract's. */
export default defineContractResource({
  contract: postContract,
  paging: 'generic',
  columns: [
    { field: 'categoryName', width: 120 },
    'postCode',
    'postName',
    {
      field: 'sort',
      kind: 'number',
      width: 120,
      // The submit validates a whole post (category, code and name are required).
      edit: {
        kind: 'text',
        extraFields: ['id', 'version', 'category', 'postCode', 'postName', 'remark'],
      },
    },
    { field: 'remark', width: 220 },
  ],
  filters: ['category', 'postCode', 'postName'],
  form: { remark: { kind: 'textarea', wide: true } },
  recordLabel: (post) => post.postName,
});
