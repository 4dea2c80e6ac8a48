import type { FastifyInstance } from 'fastify';
import {
  adMaterialContract,
  MATERIAL_CALLS,
  type MaterialMedia,
} from '../../../../src/contracts/platform-ad/ad-material.js';
import {
  ADVERT_REFUSALS,
  MATERIAL_MAX_BYTES,
} from '../../../../src/contracts/platform-ad/advert.js';
import { perm } from '../../../auth/index.js';
import { ok } from '../../../lib/envelope.js';
import { badRequest, notFound } from '../../../lib/errors.js';
import { chunks } from '../../../lib/chunks.js';
import { nextId } from '../../../lib/ids.js';
import { param, requiredParam } from '../../../lib/params.js';
import { defineContractTable, tableRoutes, type TableCall } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { callOf } from '../../shared/call.js';
import { alsoServedAs, text } from './served.js';

const stockOf = (type: string) => (type === 'video' ? 'bladeVideo' : 'bladePic');

/** The media file of a material: a live file of the tenant's stock of its type. */
async function mediaOf(call: Pick<TableCall, 'db' | 'user'>, type: string, id: string) {
  return call.db
    .selectFrom(stockOf(type))
    .select(['id', 'name', 'link', 'contentType', 'fileSize'])
    .where('tenantId', '=', call.user.tenantId)
    .where('isDeleted', '=', 0)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** `advert/material` (/ad/materail): list, add, set, get, del, copy; media from the stock. */
export const materialTable = defineContractTable({
  contract: adMaterialContract,
  table: 'bladeAdMaterial',
  scope: 'tenant',
  versioned: true,
  readers: ['ad_plan'],
  defaultOrder: { createTime: 'desc', id: 'desc' },
  beforeSave: async (call, input) => {
    const media = await mediaOf(call, input.materialType, input.mediaId);
    if (!media) throw badRequest(`mediaId:${ADVERT_REFUSALS.mediaMissing.zh}`);
    const prefix = input.materialType === 'video' ? 'video/' : 'image/';
    if (!media.contentType.startsWith(prefix))
      throw badRequest(`mediaId:${ADVERT_REFUSALS.mediaType.zh}`);
    const max = MATERIAL_MAX_BYTES[input.materialType as keyof typeof MATERIAL_MAX_BYTES];
    if (Number(media.fileSize) > max) throw badRequest(`mediaId:${ADVERT_REFUSALS.mediaSize.zh}`);
  },
  // The media files of the page, two queries (pictures, videos); a removed file answers ''.
  decorate: async (call, rows) => {
    const files = new Map<string, { name: string; link: string; fileSize: number }>();
    for (const type of ['image', 'video'] as const) {
      const ids = [...new Set(rows.filter((r) => r.materialType === type).map((r) => r.mediaId))];
      for (const part of chunks(ids))
        for (const f of await call.db
          .selectFrom(stockOf(type))
          .select(['id', 'name', 'link', 'fileSize'])
          .where('tenantId', '=', call.user.tenantId)
          .where('isDeleted', '=', 0)
          .where('id', 'in', part)
          .execute())
          files.set(`${type}:${f.id}`, { ...f, fileSize: Number(f.fileSize) });
    }
    return rows.map((r) => {
      const media = files.get(`${r.materialType}:${r.mediaId}`);
      return {
        ...r,
        mediaName: media?.name ?? '',
        mediaLink: media?.link ?? '',
        fileSize: media?.fileSize ?? 0,
      };
    });
  },
});

export default async function materialRoutes(app: FastifyInstance): Promise<void> {
  await app.register(tableRoutes(materialTable));
  await app.register(alsoServedAs(materialTable, MATERIAL_CALLS.set));
  const { codes } = adMaterialContract;

  app.post(
    `/api/${MATERIAL_CALLS.copy}`,
    {
      config: {
        access: perm('ad_material_copy'),
        doc: {
          summary: text('复制素材（名称加“-副本”）', 'Copy a material (its name + “-副本”)'),
          query: [{ name: 'id', type: 'string', required: true }],
          response: text('{id}：新素材的id', '{id}: the new material'),
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const row = await call.db
        .selectFrom('bladeAdMaterial')
        .selectAll()
        .where('tenantId', '=', call.user.tenantId)
        .where('isDeleted', '=', 0)
        .where('id', '=', requiredParam(request, 'id'))
        .executeTakeFirst();
      if (!row) throw notFound();
      const id = nextId();
      await call.db
        .insertInto('bladeAdMaterial')
        .values({
          ...row,
          id,
          materialName: `${row.materialName}-副本`.slice(0, 100),
          version: 1,
          createUser: call.user.userId,
          createTime: nowText(),
          updateUser: null,
          updateTime: null,
        })
        .execute();
      return ok({ id }, '复制成功');
    },
  );

  app.get(
    `/api/${MATERIAL_CALLS.mediaOptions}`,
    {
      config: {
        access: perm(codes.add!, codes.edit!),
        doc: {
          summary: text('素材表单可选的图片和视频', 'Pictures and videos the material form offers'),
          query: [
            {
              name: 'materialType',
              type: 'string',
              enum: ['image', 'video'],
              description: text('不传则图片和视频都返回', 'None: pictures and videos'),
            },
          ],
          response: text(
            '[{id, name, link, contentType, fileSize, materialType}]：素材库中最新的各500个',
            '[{id, name, link, contentType, fileSize, materialType}]: the newest 500 of each stock',
          ),
        },
      },
    },
    async (request) => {
      const call = callOf(app, request);
      const type = param(request, 'materialType');
      if (type !== undefined && type !== 'image' && type !== 'video')
        throw badRequest(`materialType:${adMaterialContract.fields.materialType.required.zh}`);
      const types: ('image' | 'video')[] = type ? [type] : ['image', 'video'];
      const answer: MaterialMedia[] = [];
      for (const materialType of types) {
        const rows = await call.db
          .selectFrom(stockOf(materialType))
          .select(['id', 'name', 'link', 'contentType', 'fileSize'])
          .where('tenantId', '=', call.user.tenantId)
          .where('isDeleted', '=', 0)
          .orderBy('createTime', 'desc')
          .orderBy('id', 'desc')
          .limit(500)
          .execute();
        for (const r of rows) answer.push({ ...r, fileSize: Number(r.fileSize), materialType });
      }
      return ok(answer);
    },
  );
}
