import type { FastifyInstance } from 'fastify';
import oauthRoutes from './services/blade-auth/oauth/routes.js';

/** Every service's routes; folders under services/ repeat the URL. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(oauthRoutes);
}
