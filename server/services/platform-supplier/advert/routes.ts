import type { FastifyInstance } from 'fastify';
import { tableRoutes } from '../../../lib/table/index.js';
import advertiserRoutes from './advertiser.js';
import adEventRoutes from './events/routes.js';
import { businessAdTable } from './business-ad.js';
import flowMasterRoutes from './flow-master.js';
import materialRoutes from './material.js';
import { parkTable } from './park.js';
import planRoutes from './plan.js';
import { positionTable } from './position.js';
import adReportRoutes from './report/routes.js';

/**
 * The supplier service's `advert/...` calls (issue 28 item 2, spec.md section 7): materials,
 * positions, advertisers and their config, plans through the ad plan lifecycle, flow masters and
 * their profit flow, the ad parking lots and the business team's ad list.
 */
export default async function advertRoutes(app: FastifyInstance): Promise<void> {
  await app.register(materialRoutes);
  await app.register(tableRoutes(positionTable));
  await app.register(advertiserRoutes);
  await app.register(planRoutes);
  await app.register(flowMasterRoutes);
  await app.register(tableRoutes(parkTable));
  await app.register(tableRoutes(businessAdTable));
  await app.register(adEventRoutes);
  await app.register(adReportRoutes);
}
