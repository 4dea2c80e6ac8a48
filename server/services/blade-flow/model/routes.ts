import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  FLOW_MODEL_CALLS,
  FLOW_MODEL_REFUSALS,
  flowModelContract,
  type FlowModelDetail,
} from '../../../../src/contracts/blade-flow/model.js';
import { assertPermission, currentUser, perm } from '../../../auth/index.js';
import { isUniqueViolation } from '../../../db/unique.js';
import { ok } from '../../../lib/envelope.js';
import { ApiError, badInput, conflict, notFound } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { param, requiredParam } from '../../../lib/params.js';
import { assertUpdated, insertAudit, wire } from '../../../lib/records.js';
import { idField, versionField } from '../../../lib/table/fields.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { parseBody } from '../../../lib/validation.js';
import { checkBpmn } from '../bpmn/check.js';
import { deployCategory, deployTargets, deployToTenants } from '../manager/deploy.js';
import { blankDiagram } from './blank.js';
import modelTable from './table.js';

const codes = flowModelContract.codes;
const base = `/api/${flowModelContract.service}`;
const submitBody = flowModelContract.input.extend({
  id: idField,
  version: versionField,
  xml: z.preprocess(
    (v) => (typeof v === 'string' && !v.trim() ? undefined : v),
    z.string({ error: 'BPMN内容须为文本' }).optional(),
  ),
});

/** The XML checked; a refusal is answered at the `xml` field. */
async function checkedXml(xml: string): Promise<void> {
  try {
    await checkBpmn(xml);
  } catch (error) {
    if (error instanceof ApiError && error.statusCode === 400)
      throw badInput(`xml:${error.message}`, { xml: error.message });
    throw error;
  }
}

/**
 * The model calls (issue 29 item 1) beside the engine's list and remove: submit (the XML checked
 * by bpmn/check.ts; a new model without XML gets a blank diagram, an edit without XML keeps its
 * own; modelKey unique per tenant), detail (with the XML) and deploy.
 */
export default async function flowModelRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  await tableRoutes(modelTable)(app);

  app.get(
    `${base}/detail`,
    {
      config: {
        access: perm(codes.menu, codes.view!),
        doc: {
          summary: { zh: '模型详情（含BPMN XML）', en: 'A model with its BPMN XML' },
          query: [{ name: 'id', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await ctx.db
        .selectFrom('bladeFlowModel')
        .select([
          'id',
          'modelKey',
          'name',
          'description',
          'version',
          'createTime',
          'updateTime',
          'xml',
        ])
        .where('id', '=', requiredParam(request, 'id'))
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!row) throw notFound();
      return ok(wire(row) as unknown as FlowModelDetail);
    },
  );

  app.post(
    `${base}/submit`,
    {
      config: {
        access: perm(codes.add!, codes.edit!),
        doc: {
          summary: {
            zh: '新增或修改模型（BPMN XML经服务端校验）',
            en: 'Add or edit a model (the BPMN XML is checked by the server)',
          },
          body: { schema: submitBody },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const input = parseBody(submitBody, request.body);
      await assertPermission(ctx.db, user, input.id ? codes.edit! : codes.add!);
      const ownRow = () =>
        ctx.db
          .selectFrom('bladeFlowModel')
          .select('id')
          .where('id', '=', input.id!)
          .where('tenantId', '=', user.tenantId)
          .where('isDeleted', '=', 0)
          .executeTakeFirst();
      // Another tenant's (or a removed) model is missing, before anything else is said of it.
      if (input.id && !(await ownRow())) throw notFound();
      const xml = input.xml ?? (input.id ? undefined : blankDiagram(input.modelKey, input.name));
      if (xml !== undefined) await checkedXml(xml);
      const taken = await ctx.db
        .selectFrom('bladeFlowModel')
        .select('id')
        .where('tenantId', '=', user.tenantId)
        .where('modelKey', '=', input.modelKey)
        .where('isDeleted', '=', 0)
        .$if(!!input.id, (q) => q.where('id', '<>', input.id!))
        .executeTakeFirst();
      const duplicate = () => conflict(`modelKey:${flowModelContract.fields.modelKey.unique.zh}`);
      if (taken) throw duplicate();
      const now = nowText();
      const fields = {
        modelKey: input.modelKey,
        name: input.name,
        description: input.description ?? null,
        ...(xml !== undefined ? { xml } : {}),
      };
      try {
        if (!input.id) {
          const id = nextId();
          await ctx.db
            .insertInto('bladeFlowModel')
            .values({
              id,
              tenantId: user.tenantId,
              ...fields,
              xml: xml!,
              version: 1,
              ...insertAudit(user, now),
            })
            .execute();
          return ok({ id }, '新增成功');
        }
        const updated = await ctx.db
          .updateTable('bladeFlowModel')
          .set({
            ...fields,
            updateUser: user.userId,
            updateTime: now,
            version: sql<number>`version + 1`,
          })
          .where('id', '=', input.id)
          .where('tenantId', '=', user.tenantId)
          .where('isDeleted', '=', 0)
          .$if(input.version !== undefined, (q) => q.where('version', '=', input.version!))
          .executeTakeFirst();
        assertUpdated(updated.numUpdatedRows, !!(await ownRow()));
        return ok({ id: input.id }, '修改成功');
      } catch (error) {
        // A unique index on (tenant, model_key) answers the loser of a race the same way.
        if (isUniqueViolation(error)) throw duplicate();
        throw error;
      }
    },
  );

  app.post(
    `/api/${FLOW_MODEL_CALLS.deploy}`,
    {
      config: {
        access: perm(`${codes.menu}_deploy`),
        doc: {
          summary: {
            zh: '部署模型（?modelId=&category=&tenantIds=，其他租户仅超级管理员）',
            en: 'Deploy a model (?modelId=&category=&tenantIds=; other tenants: super administrator only)',
          },
          query: [
            { name: 'modelId', type: 'string', required: true },
            { name: 'category', type: 'string', required: true },
            { name: 'tenantIds', type: 'string' },
          ],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const modelId = requiredParam(request, 'modelId');
      const category = deployCategory(param(request, 'category'));
      const tenantIds = await deployTargets(ctx.db, user, param(request, 'tenantIds'));
      const model = await ctx.db
        .selectFrom('bladeFlowModel')
        .select(['modelKey', 'name', 'xml'])
        .where('id', '=', modelId)
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .executeTakeFirst();
      if (!model) throw notFound(FLOW_MODEL_REFUSALS.modelMissing.zh);
      const answer = await deployToTenants(
        ctx.db,
        user,
        {
          name: model.name,
          category,
          resources: [{ name: `${model.modelKey}.bpmn20.xml`, xml: model.xml }],
        },
        tenantIds,
      );
      return ok(answer, '部署成功');
    },
  );
}
