import type { FastifyInstance } from 'fastify';
import contentRoutes from './content-routes.js';
import draftRoutes from './draft-routes.js';

/** Client content management and manuscript drafts (issue 27 item 9). */
export default async function clientContentRoutes(app: FastifyInstance): Promise<void> {
  await contentRoutes(app);
  await draftRoutes(app);
}
