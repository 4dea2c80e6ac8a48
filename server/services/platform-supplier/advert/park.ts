import { adParkingLotContract } from '../../../../src/contracts/platform-ad/ad-parking-lot.js';
import { idsOf } from '../../../../src/contracts/platform-ad/advert.js';
import { defineContractTable } from '../../../lib/table/index.js';

/**
 * `advert/park/listPage` (/ad/adParkingLot): the tenant's parking lots (read from the lots table;
 * the lots' own contract and screen are the parking service's) with the plans that target each
 * (a plan naming no lots targets every lot): running or paused plans, running plans, and the
 * distinct positions of the running ones. Read-only: no submit or remove is served here.
 */
export const parkTable = defineContractTable({
  contract: adParkingLotContract,
  table: 'bladeParkLot',
  scope: 'tenant',
  versioned: true,
  readers: ['ad_plan', 'advertising'],
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: ['lotCode', 'lotName', 'spaces', 'enabled'],
  own: ['submit', 'remove'],
  decorate: async (call, rows) => {
    const plans = (
      await call.db
        .selectFrom('bladeAdPlan')
        .select(['state', 'lotIds', 'positionIds'])
        .where('tenantId', '=', call.user.tenantId)
        .where('isDeleted', '=', 0)
        .where('state', 'in', ['running', 'paused'])
        .execute()
    ).map((p) => ({ ...p, lots: new Set(idsOf(p.lotIds)), positions: idsOf(p.positionIds) }));
    return rows.map((lot) => {
      const here = plans.filter((p) => p.lots.size === 0 || p.lots.has(lot.id));
      const running = here.filter((p) => p.state === 'running');
      return {
        ...lot,
        planCount: here.length,
        runningPlanCount: running.length,
        positionCount: new Set(running.flatMap((p) => p.positions)).size,
      };
    });
  },
});
