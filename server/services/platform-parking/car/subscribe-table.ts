import { sql } from 'kysely';
import {
  parkCarSubscribeContract,
  subscribeState,
  type ParkCarSubscribe,
} from '../../../../src/contracts/platform-parking/park-car-subscribe.js';
import { defineContractTable } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';

/**
 * `${PARKING_SERVICE}/parking/car-subscribe/list` (/business/parking/subscribeCarlicenseManagement):
 * list-only (the screen has the view button alone; writes are the super administrator's). The
 * state is derived from the period at answer time.
 */
export default defineContractTable({
  contract: parkCarSubscribeContract,
  table: 'bladeParkCarSubscribe',
  scope: 'tenant',
  defaultOrder: { createTime: 'desc', id: 'desc' },
  // state=active|expired: the period against now (the filter the console offers).
  narrow: async (_call, query) => {
    const value = query.state ?? query.state_equal;
    if (value === undefined || value === '') return undefined;
    const now = nowText();
    if (value === 'active')
      return (eb) => eb.and([eb('startTime', '<=', now), eb('endTime', '>=', now)]);
    if (value === 'expired')
      return (eb) => eb.or([eb('startTime', '>', now), eb('endTime', '<', now)]);
    return () => sql<boolean>`1 = 0`;
  },
  decorate: async (_call, rows) => {
    const now = nowText();
    return rows.map((r) => ({
      ...r,
      state: subscribeState(r, now),
    })) as unknown as ParkCarSubscribe[];
  },
});
