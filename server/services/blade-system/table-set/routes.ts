import type { FastifyInstance } from 'fastify';
import { ok } from '../../../lib/envelope.js';
import { queryMap } from '../../../lib/params.js';
import { parseBody } from '../../../lib/validation.js';
import { currentUser, SIGNED_IN } from '../../../auth/index.js';
import { tableSetGetSchema, tableSetSaveSchema } from '../../../../src/contracts/table-set.js';
import { getTableSet, saveTableSet } from './repository.js';

/**
 * blade-system/table-set (shapes in src/contracts/table-set.ts): every signed-in user reads and
 * writes only their own table layouts, so no permission code guards it. A `tenantId` or `userId`
 * in the query or body is ignored (decision 5).
 */
export default async function tableSetRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const base = '/api/blade-system/table-set';
  const access = { config: { access: SIGNED_IN } };

  app.get(`${base}/get`, access, async (request) => {
    const { tableKey } = parseBody(tableSetGetSchema, queryMap(request));
    return ok(await getTableSet(ctx, currentUser(request), tableKey));
  });

  // A user's own layout, not an operation: the API log leaves it out (blade-log/recorder.ts).
  app.post(`${base}/save`, { config: { access: SIGNED_IN, audit: 'own' } }, async (request) => {
    const input = parseBody(tableSetSaveSchema, request.body);
    return ok(await saveTableSet(ctx, currentUser(request), input), '保存成功');
  });
}
