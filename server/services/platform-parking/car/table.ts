import {
  OWNER_PHONE_MASK,
  parkCarContract,
  type ParkCar,
} from '../../../../src/contracts/platform-parking/park-car.js';
import {
  PLATE_TYPE_MISMATCH,
  plateTypeFits,
} from '../../../../src/contracts/platform-parking/plate.js';
import type { ParkCarTable } from '../../../db/schema.js';
import { badRequest } from '../../../lib/errors.js';
import { sealedPhone } from '../../../lib/sealed-phone.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';

/** Car owners' phones, sealed at rest under their own purpose. */
export const ownerPhone = sealedPhone('park-car-owner-phone');

/** The owner's phone masked in every answer (list, detail, sheet): the screen never needs it whole. */
export function presentCars<R extends Pick<ParkCarTable, 'ownerPhone'>>(
  call: TableCall,
  rows: R[],
) {
  return rows.map((r) => ({
    ...r,
    ownerPhone: ownerPhone.masked(call.ctx, r.ownerPhone),
  })) as unknown as ParkCar[];
}

/**
 * `${PARKING_SERVICE}/parking/car` (/business/parking/carlicenseManagement): listCarPage, detail,
 * submit and remove from the contract. The plate is a mainland plate (the contract's pattern,
 * shared with the console), its type fits it (green iff new energy), unique per lot.
 */
export default defineContractTable({
  contract: parkCarContract,
  table: 'bladeParkCar',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  toRow: ({ ownerPhone: phone, bindTime, ...rest }, call) => ({
    ...rest,
    bindTime: bindTime || nowText(),
    // The mask sent back: the column is not written, so an update keeps the stored phone.
    ...(phone && OWNER_PHONE_MASK.test(phone)
      ? {}
      : { ownerPhone: ownerPhone.seal(call.ctx, phone) }),
  }),
  beforeSave: async (_call, input) => {
    if (!plateTypeFits(input.plateNo, input.plateType))
      throw badRequest(`plateType:${PLATE_TYPE_MISMATCH.zh}`);
  },
  decorate: async (call, rows) => presentCars(call, rows),
});
