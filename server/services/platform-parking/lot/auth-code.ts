import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  PARK_LOT_CALLS,
  type ParkAuthCode,
} from '../../../../src/contracts/platform-parking/park-lot.js';
import type { AppContext } from '../../../context.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { param } from '../../../lib/params.js';

/** Crockford base32: no I, L, O, U (read aloud or typed by an operator). */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The auth code of a supplier at a lot (contracts/platform-parking/park-lot.ts ParkAuthCode):
 * 16 base32 characters of HMAC-SHA256(server secret, 'park-auth-code:' tenant, supplier, lot).
 * Derived, never stored: the same pair has the same code, and nobody without the server's
 * secret can make one.
 */
export function parkAuthCode(
  ctx: Pick<AppContext, 'jwtSecret'>,
  tenantId: string,
  supId: string,
  lotId: string,
): string {
  const mac = createHmac('sha256', ctx.jwtSecret)
    .update(`park-auth-code:${tenantId}:${supId}:${lotId}`)
    .digest();
  let code = '';
  for (let i = 0; i < 16; i++) code += BASE32[mac[i]! & 31];
  return code;
}

/**
 * GET parking/sup/listParkAuthCode[?supId=]: the auth codes of the caller's tenant, one per
 * supplier and live lot offering its rights, by supplier then lot code. For the lot screen
 * (its menu or view code) and the lot form's supplier picker.
 */
export async function authCodeRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  app.get(
    `/api/${PARK_LOT_CALLS.listParkAuthCode}`,
    {
      config: {
        access: perm('parking_lot', 'parking_lot_view'),
        doc: {
          summary: {
            zh: '供应商的停车场授权码（?supId= 可选）',
            en: "Suppliers' auth codes per lot (?supId= optional)",
          },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const supId = param(request, 'supId');
      let q = ctx.db
        .selectFrom('bladeParkLot as l')
        .innerJoin('bladeSup as s', 's.id', 'l.supId')
        .select(['s.id as supId', 's.supName', 'l.id as lotId', 'l.lotCode', 'l.lotName'])
        .where('l.tenantId', '=', user.tenantId)
        .where('s.tenantId', '=', user.tenantId)
        .where('l.isDeleted', '=', 0)
        .where('s.isDeleted', '=', 0);
      if (supId) q = q.where('s.id', '=', supId);
      const rows = await q.orderBy('s.supCode').orderBy('l.lotCode').execute();
      return ok(
        rows.map((r): ParkAuthCode => ({
          ...r,
          authCode: parkAuthCode(ctx, user.tenantId, r.supId, r.lotId),
        })),
      );
    },
  );
}
