import type { Kysely } from 'kysely';
import {
  PSCLIENT_REFUSALS,
  psclientContract,
  type Psclient,
} from '../../../../src/contracts/platform-client/psclient.js';
import { SUPER_TENANT } from '../../../auth/index.js';
import type { DB, PsclientTable } from '../../../db/schema.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { MASKED_PHONE, sealedPhone, sealedPhoneInput } from '../../../lib/sealed-phone.js';
import { defineContractTable, type TableCall } from '../../../lib/table/index.js';

/** Access parties' contact phones, sealed at rest under their own purpose. */
export const partyPhone = sealedPhone('psclient-contact-phone');

/**
 * Screens of the client service whose filters and dialogs pick access parties and apps
 * (`psclient/listAllClient`, `psclient-app/list-all`): holding one admits those reads.
 */
export const CLIENT_PICKER_SCREENS = [
  'app_prepay',
  'app_prepay_setting',
  'prepay_change',
  'prepay_refund',
  'prepay_use',
  'statement',
  'product',
  'client_order',
  'client_refund_order',
  'user_order',
  'user_refund_order',
  'bulk_order',
  'app_stock',
  'app_stock_record',
  'client_content',
  'client_draft',
] as const;

/** Who reads the parties besides the archives screen: the apps screen and the pickers. */
export const PSCLIENT_READERS = ['client_app', ...CLIENT_PICKER_SCREENS] as const;

/**
 * Refuses to remove parties that still have live apps (409): nothing is removed. Runs inside
 * the remove transaction.
 */
export async function assertNoLiveApps(db: Kysely<DB>, tenantId: string, ids: string[]) {
  const app = await db
    .selectFrom('bladePsclientApp')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('clientId', 'in', ids)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (app) throw conflict(PSCLIENT_REFUSALS.hasApps.zh);
}

/**
 * A belonging tenant the caller may name: a live tenant; any for the platform's operator tenant
 * (000000, which keeps the parties of every client tenant), the caller's own otherwise (as
 * blade-system/tenant/select offers them), so no other tenant's existence leaks. Else 400.
 */
export async function assertBelongTenant(call: TableCall, tenantId: string) {
  if (call.user.tenantId !== SUPER_TENANT && tenantId !== call.user.tenantId)
    throw badRequest(`belongTenantId:${PSCLIENT_REFUSALS.tenantMissing.zh}`);
  const found = await call.db
    .selectFrom('bladeTenant')
    .select('id')
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!found) throw badRequest(`belongTenantId:${PSCLIENT_REFUSALS.tenantMissing.zh}`);
}

type Row = Pick<PsclientTable, 'contactPhone' | 'belongTenantId'>;

/**
 * Answers: the belonging tenant's name; the phone whole for the session in a detail, masked in
 * the list, the picker and the sheet.
 */
export async function presentParties<R extends Row>(call: TableCall, rows: R[]) {
  const tenantIds = [...new Set(rows.map((r) => r.belongTenantId).filter((t): t is string => !!t))];
  const names = new Map(
    tenantIds.length === 0
      ? []
      : (
          await call.db
            .selectFrom('bladeTenant')
            .select(['tenantId', 'tenantName'])
            .where('tenantId', 'in', tenantIds)
            .where('isDeleted', '=', 0)
            .execute()
        ).map((t) => [t.tenantId, t.tenantName]),
  );
  return rows.map((r) => ({
    ...r,
    contactPhone:
      call.use === 'detail'
        ? partyPhone.answer(call.ctx, call.user, r.contactPhone)
        : partyPhone.masked(call.ctx, r.contactPhone),
    belongTenantName: (r.belongTenantId && names.get(r.belongTenantId)) ?? '',
  })) as unknown as Psclient[];
}

/**
 * `${CLIENT_SERVICE}/psclient` (issue 27 item 1): the access parties of the caller's tenant. The
 * engine serves list, listAllClient, get, submit, delete and export; routes.ts adds
 * getByTenantId, belong-client and the files.
 */
export default defineContractTable({
  contract: psclientContract,
  table: 'bladePsclient',
  scope: 'tenant',
  versioned: true,
  readers: PSCLIENT_READERS,
  defaultOrder: { createTime: 'desc', id: 'desc' },
  fieldInputs: { contactPhone: sealedPhoneInput(psclientContract.fields.contactPhone.pattern) },
  toRow: ({ contactPhone, ...rest }, call) => ({
    ...rest,
    // The mask sent back: the column is not written, so an update keeps the stored phone.
    ...(contactPhone && MASKED_PHONE.test(contactPhone)
      ? {}
      : { contactPhone: partyPhone.seal(call.ctx, contactPhone) }),
  }),
  beforeSave: async (call, input, id) => {
    if (!id && input.contactPhone && MASKED_PHONE.test(input.contactPhone))
      throw badRequest(`contactPhone:${psclientContract.fields.contactPhone.pattern.message.zh}`);
    if (input.belongTenantId) await assertBelongTenant(call, input.belongTenantId);
  },
  beforeRemove: (call, ids) => assertNoLiveApps(call.db, call.user.tenantId, ids),
  decorate: presentParties,
});
