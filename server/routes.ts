import type { FastifyInstance } from 'fastify';
import oauthRoutes from './services/blade-auth/oauth/routes.js';
import userRoutes from './services/blade-user/routes.js';
import menuRoutes from './services/blade-system/menu/routes.js';
import roleRoutes from './services/blade-system/role/routes.js';
import topmenuRoutes from './services/blade-system/topmenu/routes.js';
import deptRoutes from './services/blade-system/dept/routes.js';
import postRoutes from './services/blade-system/post/routes.js';
import tenantRoutes from './services/blade-system/tenant/routes.js';
import tenantPackageRoutes from './services/blade-system/tenant-package/routes.js';
import paramRoutes from './services/blade-system/param/routes.js';
import dictRoutes from './services/blade-system/dict/routes.js';
import dataExportRoutes from './services/blade-system/data-export/routes.js';
import tableSetRoutes from './services/blade-system/table-set/routes.js';

/** Every service's routes; folders under services/ repeat the URL. */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  for (const routes of [
    oauthRoutes,
    userRoutes,
    menuRoutes,
    roleRoutes,
    topmenuRoutes,
    deptRoutes,
    postRoutes,
    tenantRoutes,
    tenantPackageRoutes,
    paramRoutes,
    dictRoutes,
    dataExportRoutes,
    tableSetRoutes,
  ]) {
    await app.register(routes);
  }
}
