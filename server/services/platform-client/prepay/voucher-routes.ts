import type { FastifyInstance } from 'fastify';
import { currentUser, perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { notFound } from '../../../lib/errors.js';
import { param } from '../../../lib/params.js';
import { MB, receiveUpload, type UploadPolicy } from '../../blade-resource/attach/store.js';
import { makeTicket, TICKET_SECONDS } from '../../platform-supplier/balance/routes.js';
import {
  PREPAY_CODES,
  PREPAY_FILE_SIGN,
  VOUCHER_EXTENSIONS,
  VOUCHER_MAX_BYTES,
} from '../../../../src/contracts/platform-client/app-prepay.js';
import {
  PREPAY_CHANGE_FILE,
  PREPAY_CHANGE_FILE_CODE,
  PREPAY_ORDER_TYPES,
} from '../../../../src/contracts/platform-client/prepay-order.js';
import { ALL_BALANCE_RECORD } from '../../../../src/contracts/platform-supplier/all-balance-record.js';
import { api, ID } from './calls.js';

/** A change's voucher: its upload (prepay-file/file-sign) and its one-time download addresses. */
export default async function prepayVoucherRoutes(app: FastifyInstance): Promise<void> {
  const ctx = app.ctx;
  const db = ctx.db;

  const voucherPolicy: UploadPolicy = {
    kind: 'file',
    extensions: VOUCHER_EXTENSIONS,
    maxBytes: VOUCHER_MAX_BYTES,
    tooLarge: `单个文件不能超过${VOUCHER_MAX_BYTES / MB}M`,
  };
  app.post(
    api(PREPAY_FILE_SIGN),
    {
      config: {
        access: perm(PREPAY_CODES.recharge),
        doc: {
          summary: {
            zh: '上传预存充值或调整的凭证（multipart 字段 file：pdf、jpg、png，不超过10MB）',
            en: 'Upload a prepay voucher (multipart file: pdf, jpg, png, 10 MB)',
          },
          response: { zh: '{attachId, fileName}', en: '{attachId, fileName}' },
        },
      },
    },
    async (request) => {
      const file = await receiveUpload(ctx, request, currentUser(request), voucherPolicy);
      return ok({ attachId: file.attachId, fileName: file.originalName });
    },
  );

  app.get(
    api(PREPAY_CHANGE_FILE),
    {
      config: {
        access: perm(PREPAY_CHANGE_FILE_CODE),
        doc: {
          summary: {
            zh: '变动记录的凭证：一次性下载地址（60秒内有效、只能使用一次，不含登录凭证）；无凭证为空列表',
            en: "A change order's voucher as one-time download addresses (60 s, once; no session token); none: empty",
          },
          query: [{ name: 'id', type: 'string', required: true }],
          response: { zh: '[{fileName, url, expiresIn}]', en: '[{fileName, url, expiresIn}]' },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const id = param(request, 'id');
      if (!id || !ID.test(id)) throw notFound();
      const row = await db
        .selectFrom('bladePrepayRecord')
        .select(['attachId', 'fileName'])
        .where('tenantId', '=', user.tenantId)
        .where('id', '=', id)
        .where('changeType', 'in', [...PREPAY_ORDER_TYPES.change])
        .executeTakeFirst();
      if (!row) throw notFound();
      if (!row.attachId) return ok([]);
      const ticket = await makeTicket(ctx, user.tenantId, user.userId, row.attachId);
      return ok([
        {
          fileName: row.fileName ?? '',
          url: `${ALL_BALANCE_RECORD}/file?ticket=${ticket}`,
          expiresIn: TICKET_SECONDS,
        },
      ]);
    },
  );
}
