import {
  ENTERPRISE_REGISTER_STATE_NAMES,
  enterpriseRegisterContract as contract,
  SUPPLY_TYPE_NAMES,
  type EnterpriseRegisterState,
} from '../../../../src/contracts/platform-supplier/enterprise-register.js';
import { defineContractTable } from '../../../lib/table/index.js';
import { openContactPhone } from '../sup/contact-phone.js';

/** The state's zh name ('待审核'); an unknown state as itself. */
export const stateName = (state: string) =>
  ENTERPRISE_REGISTER_STATE_NAMES[state as EnterpriseRegisterState]?.zh ?? state;

/** 13800001234 -> 138****1234 (the list; the detail answers it whole). */
export const maskPhone = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;

/**
 * The review list and detail (/supplier/enterprise-register): the engine serves them; the
 * public submit and the review (approve, reject) are routes.ts's, and nothing is removed. The
 * phone is sealed at rest: opened, masked in the list, whole in the detail.
 */
export default defineContractTable({
  contract,
  table: 'bladeSupEnterpriseRegister',
  scope: 'tenant',
  versioned: true,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  readColumns: ['state', 'rejectReason', 'supId', 'auditTime'],
  // A supply type that is not a whole number matches nothing (no 400), as before.
  list: { filters: { supplyType: { column: 'supplyType', default: 'equal', type: 'int' } } },
  own: ['submit', 'remove'],
  decorate: async (call, rows) => {
    const supIds = [...new Set(rows.map((r) => r.supId).filter((id): id is string => !!id))];
    const codes = new Map(
      supIds.length === 0
        ? []
        : (
            await call.db
              .selectFrom('bladeSup')
              .select(['id', 'supCode'])
              .where('tenantId', '=', call.user.tenantId)
              .where('id', 'in', supIds)
              .execute()
          ).map((s) => [s.id, s.supCode]),
    );
    return rows.map((r) => {
      const phone = openContactPhone(call.ctx, r.contactPhone);
      return {
        ...r,
        contactPhone: call.use === 'detail' ? phone : maskPhone(phone),
        supplyTypeName: SUPPLY_TYPE_NAMES[r.supplyType]?.zh ?? '',
        stateName: stateName(r.state),
        supCode: (r.supId && codes.get(r.supId)) ?? '',
      };
    });
  },
});
