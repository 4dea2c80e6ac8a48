import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../auth/index.js';
import type { TableCall } from '../../lib/table/index.js';

/** A request as the table engine's hooks see it: the app's context and the token's user. */
export const callOf = (app: FastifyInstance, request: FastifyRequest): TableCall => ({
  ctx: app.ctx,
  db: app.ctx.db,
  user: currentUser(request),
});
