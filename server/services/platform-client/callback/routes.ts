import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  PSCLIENT_APP_SERVICE,
  psclientAppContract,
} from '../../../../src/contracts/platform-client/psclient-app.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { notFound } from '../../../lib/errors.js';
import { requiredParam } from '../../../lib/params.js';
import { parseBody } from '../../../lib/validation.js';
import { requeueCallback } from './worker.js';

const idBody = z.object({ id: z.string({ error: 'id:请选择回调' }).trim().min(1, '请选择回调') });

/**
 * An app's callback deliveries (issue 27 item 4, beyond the spec): listCallback answers the
 * app's latest events with each attempt (status, error, duration), resendCallback makes one due
 * again now with its event id (the app deduplicates by it). The app screen's detail shows them.
 */
export default async function callbackRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.ctx;
  const { codes } = psclientAppContract;
  const base = `/api/${PSCLIENT_APP_SERVICE}`;

  app.get(
    `${base}/listCallback`,
    {
      config: {
        access: perm(codes.menu, ...(codes.view ? [codes.view] : [])),
        doc: {
          summary: {
            zh: '应用的回调记录（最近50条，含每次投递）',
            en: "An app's latest 50 callbacks with their attempts",
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const appId = requiredParam(request, 'appId');
      const events = await db
        .selectFrom('bladeCallbackOutbox')
        .select([
          'id',
          'eventId',
          'eventType',
          'orderNo',
          'outOrderNo',
          'state',
          'attempts',
          'lastStatus',
          'lastError',
          'deliveredTime',
          'createTime',
        ])
        .where('tenantId', '=', user.tenantId)
        .where('appId', '=', appId)
        .orderBy('createTime', 'desc')
        .orderBy('id', 'desc')
        .limit(50)
        .execute();
      const attempts = events.length
        ? await db
            .selectFrom('bladeCallbackAttempt')
            .select(['outboxId', 'attempt', 'httpStatus', 'error', 'durationMs', 'createTime'])
            .where(
              'outboxId',
              'in',
              events.map((e) => e.id),
            )
            .orderBy('attempt')
            .execute()
        : [];
      return ok(
        events.map((e) => ({
          ...e,
          attempts: Number(e.attempts),
          tries: attempts.filter((a) => a.outboxId === e.id).map(({ outboxId: _o, ...a }) => a),
        })),
      );
    },
  );

  app.post(
    `${base}/resendCallback`,
    {
      config: {
        access: perm(codes.edit ?? codes.menu),
        idempotent: true,
        doc: {
          summary: { zh: '重发回调（事件ID不变）', en: 'Send a callback again (same event id)' },
          body: { schema: idBody },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { id } = parseBody(idBody, request.body);
      if (!(await requeueCallback(app.ctx, user.tenantId, id))) throw notFound();
      return ok(null, '已加入重发队列');
    },
  );
}
