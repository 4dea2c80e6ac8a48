import { z } from 'zod';
import { noticeContract } from '../../../../src/contracts/blade-desk/notice.js';
import { parseDateTime } from '../../../lib/time.js';
import { defineContractTable, dictLabels } from '../../../lib/table/index.js';

const RELEASE_TIME = noticeContract.fields.releaseTime.required.zh;

/**
 * blade-desk/notice (contract.md 4.11): the notices of the caller's tenant. Read by the notice
 * screen and by the dashboard (`wel`), which every role holds; written with the screen's buttons.
 */
export default defineContractTable({
  contract: noticeContract,
  table: 'bladeNotice',
  versioned: true,
  scope: 'tenant',
  readers: ['wel'],
  defaultOrder: { releaseTime: 'desc', id: 'desc' },
  fieldInputs: {
    // Any date form the console or a script sends is stored as 'yyyy-MM-dd HH:mm:ss'.
    releaseTime: z.preprocess(
      (v) => (typeof v === 'string' ? (parseDateTime(v.trim()) ?? '') : v),
      z.string({ error: RELEASE_TIME }).min(1, RELEASE_TIME),
    ),
  },
  decorate: dictLabels(noticeContract, { category: 'categoryName' }),
});
