import { postContract } from '../../../../src/contracts/blade-system/post.js';
import { defineContractTable, dictLabels } from '../../../lib/table/index.js';
import { dataScopeFor } from '../data-scope/resolve.js';

/** blade-system/post (contract.md 4.6): posts of the caller's tenant; user screens read them too. */
export default defineContractTable({
  contract: postContract,
  table: 'bladePost',
  versioned: true,
  scope: 'tenant',
  readers: ['user', 'user_info'],
  defaultOrder: { sort: 'asc', id: 'asc' },
  select: true,
  answerCache: ['blade_post'],
  // Data scopes granted for resource code 'post' narrow what the caller sees.
  dataScope: dataScopeFor('post'),
  decorate: dictLabels(postContract, { category: 'categoryName' }),
});
