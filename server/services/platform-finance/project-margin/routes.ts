import type { FastifyInstance } from 'fastify';
import {
  MARGIN_DEFAULT_MONTHS,
  PROJECT_MARGIN,
} from '../../../../src/contracts/platform-finance/project-margin.js';
import { FINANCE_TEXTS } from '../../../../src/contracts/platform-finance/pay-order.js';
import { ORDER_REPORT_CODES } from '../../../../src/contracts/platform-supplier/sup-order-report.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest } from '../../../lib/errors.js';
import { param } from '../../../lib/params.js';
import { pageParams, type QueryMap } from '../../../lib/query.js';
import { nowText } from '../../../lib/time.js';
import { projectMargin } from './margin.js';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `YYYY-MM` of `months - 1` months before the month of `today` ('YYYY-MM-DD ...'). */
function monthsBefore(today: string, months: number): string {
  const index = Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)) - 1 - (months - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/**
 * GET project-report/margin-page (issue 28 item 4): the client side of the project report,
 * behind the project report's own codes. `month_start`/`month_end` ('YYYY-MM'; default the last
 * 12 months), `clientId`, `productId`, `current`, `size`.
 */
export default async function projectMarginRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    `/api/${PROJECT_MARGIN}`,
    {
      config: {
        access: perm(ORDER_REPORT_CODES.menu, ORDER_REPORT_CODES.view),
        doc: {
          summary: {
            zh: '项目毛利：按项目（接入方产品）、接入方和月份的收入、成本与毛利',
            en: 'Project margin: revenue, cost and margin per project, client and month',
          },
          query: [
            { name: 'month_start', type: 'string' },
            { name: 'month_end', type: 'string' },
            { name: 'month_dategt', type: 'string' },
            { name: 'month_datelt', type: 'string' },
            { name: 'clientId', type: 'string' },
            { name: 'productId', type: 'string' },
            { name: 'current', type: 'integer' },
            { name: 'size', type: 'integer' },
          ],
          response: {
            zh: '{records: [{month, productId, productName, clientId, clientName, orderCount, revenue, cost, margin}], total, sums}：金额为元（两位小数的文本）',
            en: '{records: [...], total, sums}: amounts are yuan text with two decimals',
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const today = nowText();
      // month_start/month_end, or the console's month range (month_dategt/month_datelt).
      const to =
        param(request, 'month_end') ??
        param(request, 'month_datelt')?.slice(0, 7) ??
        today.slice(0, 7);
      const from =
        param(request, 'month_start') ??
        param(request, 'month_dategt')?.slice(0, 7) ??
        monthsBefore(today, MARGIN_DEFAULT_MONTHS);
      if (!MONTH.test(from)) throw badRequest(FINANCE_TEXTS.monthStart.zh);
      if (!MONTH.test(to)) throw badRequest(FINANCE_TEXTS.monthEnd.zh);
      if (from > to) throw badRequest(FINANCE_TEXTS.monthOrder.zh);
      const { current, size } = pageParams(request.query as QueryMap);
      return ok(
        await projectMargin(app.ctx.db, {
          tenantId: user.tenantId,
          from,
          to,
          clientId: param(request, 'clientId'),
          productId: param(request, 'productId'),
          current,
          size,
        }),
      );
    },
  );
}
