import { noticeContract } from '../../contracts/blade-desk/notice';
import { defineContractResource } from '../contract-resource';

export type { Notice } from '../../contracts/blade-desk/notice';

/** Notices of the caller's tenant; the fields are the contract's. */
export default defineContractResource({
  contract: noticeContract,
  paging: 'generic',
  columns: [
    { field: 'title', width: 260 },
    { field: 'category', kind: 'tag', width: 120 },
    { field: 'releaseTime', width: 180 },
    { field: 'content', width: 320 },
  ],
  filters: [
    'title',
    'category',
    // A notice may be dated ahead of its release.
    { name: 'releaseTime', allowFuture: true },
  ],
  form: {
    title: { wide: true },
    content: { kind: 'textarea', wide: true },
  },
  recordLabel: (notice) => notice.title,
});
