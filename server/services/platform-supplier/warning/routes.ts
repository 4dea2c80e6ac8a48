import type { FastifyInstance } from 'fastify';
import {
  GOOD_WARNING_CODES,
  GOOD_WARNING_LIST,
} from '../../../../src/contracts/platform-supplier/good-warning.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { param } from '../../../lib/params.js';
import { goodWarnings } from './repository.js';

/** The route of the goods warnings (the dashboard card asks 5, the notices 10). */
export const WARNING_LIST = GOOD_WARNING_LIST;
const MAX_SIZE = 50;

/**
 * GET sup-good/warning-list (issue 17 item 6): the goods of the caller's tenant that need stock
 * or warn of expiring codes, counted, with the first `size` (default 5, at most 50). Read with the
 * goods screen's menu or view code, as the warnings lead there.
 */
export default async function warningRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    `/api/${WARNING_LIST}`,
    {
      config: {
        access: perm(...GOOD_WARNING_CODES),
        doc: {
          summary: {
            zh: '商品预警：未使用库存低于库存预警值、券码将在有效期预警天数内到期的商品',
            en: 'Goods warnings: unused stock below stockWarn, codes expiring within validTimeWarn days',
          },
          query: [{ name: 'size', type: 'integer' }],
        },
      },
    },
    async (request) => {
      const raw = Number(param(request, 'size') ?? 5);
      const size = Number.isInteger(raw) ? Math.min(MAX_SIZE, Math.max(0, raw)) : 5;
      return ok(await goodWarnings(app.ctx, currentUser(request), size));
    },
  );
}
