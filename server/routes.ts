import type { FastifyInstance } from 'fastify';
import { tableRoutes } from './lib/table/index.js';
import oauthRoutes from './services/blade-auth/oauth/routes.js';
import userRoutes from './services/blade-user/routes.js';
import menuRoutes from './services/blade-system/menu/routes.js';
import roleRoutes from './services/blade-system/role/routes.js';
import topmenuRoutes from './services/blade-system/topmenu/routes.js';
import deptRoutes from './services/blade-system/dept/routes.js';
import postTable from './services/blade-system/post/table.js';
import tenantRoutes from './services/blade-system/tenant/routes.js';
import tenantPackageTable from './services/blade-system/tenant-package/table.js';
import paramTable from './services/blade-system/param/table.js';
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
    tableRoutes(postTable),
    tenantRoutes,
    tableRoutes(tenantPackageTable),
    tableRoutes(paramTable),
    dictRoutes,
    dataExportRoutes,
    tableSetRoutes,
  ]) {
    await app.register(routes);
  }
}
