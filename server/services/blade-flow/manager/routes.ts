import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DEPLOY_UPLOAD_LIMITS,
  FLOW_MANAGER_CALLS,
  FLOW_MANAGER_REFUSALS,
  flowDefinitionContract,
} from '../../../../src/contracts/blade-flow/definition.js';
import { BPMN_REFUSALS, FILE_REFUSAL } from '../../../../src/contracts/blade-flow/bpmn-messages.js';
import { fillText } from '../../../../src/contracts/server-texts.js';
import { currentUser, perm } from '../../../auth/index.js';
import { ok, okStatus } from '../../../lib/envelope.js';
import { ApiError, badInput, badRequest, conflict, notFound } from '../../../lib/errors.js';
import { idList, requiredParam } from '../../../lib/params.js';
import { cleanFileName } from '../../../lib/storage/file-types.js';
import { tableRoutes } from '../../../lib/table/index.js';
import { nowText } from '../../../lib/time.js';
import { failAtLimit } from '../../../lib/upload-limit.js';
import { checkBpmn } from '../bpmn/check.js';
import { cancelInstancesOfDefinitions } from '../engine/runner.js';
import { deployCategory, deployTargets, deployToTenants } from './deploy.js';
import definitionTable from './table.js';

const MANAGER = flowDefinitionContract.menu;

/** .bpmn or .bpmn20.xml (the name only picks the files: their content is what is checked). */
const BPMN_NAME = /\.(bpmn|bpmn20\.xml)$/i;

/**
 * The deployed processes' calls (issue 29 item 2) beside the engine's list and detail:
 * change-state, delete-deployment and deploy-upload.
 */
export default async function flowManagerRoutes(app: FastifyInstance): Promise<void> {
  const { ctx } = app;
  await tableRoutes(definitionTable)(app);

  app.post(
    `/api/${FLOW_MANAGER_CALLS.changeState}`,
    {
      config: {
        access: perm(`${MANAGER}_change_state`),
        doc: {
          summary: {
            zh: '激活或挂起流程定义（?processId=&state=active|suspend）',
            en: 'Activate or suspend a process definition (?processId=&state=active|suspend)',
          },
          query: [
            { name: 'processId', type: 'string', required: true },
            { name: 'state', type: 'string', required: true, enum: ['active', 'suspend'] },
          ],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const processId = requiredParam(request, 'processId');
      const state = requiredParam(request, 'state');
      if (state !== 'active' && state !== 'suspend')
        throw badInput(`state:${FLOW_MANAGER_REFUSALS.badState.zh}`);
      const suspended = state === 'suspend' ? 1 : 0;
      const live = ctx.db
        .selectFrom('bladeFlowDefinition')
        .select('suspended')
        .where('id', '=', processId)
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0);
      if (!(await live.executeTakeFirst())) throw notFound();
      // Conditional on the other state: of two racing requests one changes it, the other is 409.
      const changed = await ctx.db
        .updateTable('bladeFlowDefinition')
        .set({ suspended, updateUser: user.userId, updateTime: nowText() })
        .where('id', '=', processId)
        .where('tenantId', '=', user.tenantId)
        .where('isDeleted', '=', 0)
        .where('suspended', '=', 1 - suspended)
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== 1)
        throw conflict(
          suspended
            ? FLOW_MANAGER_REFUSALS.alreadySuspended.zh
            : FLOW_MANAGER_REFUSALS.alreadyActive.zh,
        );
      return okStatus(suspended ? '挂起成功' : '激活成功');
    },
  );

  app.post(
    `/api/${FLOW_MANAGER_CALLS.deleteDeployment}`,
    {
      config: {
        access: perm(`${MANAGER}_delete`),
        doc: {
          summary: {
            zh: '删除部署（?deploymentIds=）：其流程定义一并删除，运行中的实例被取消',
            en: 'Delete deployments (?deploymentIds=): their definitions go too, running instances are cancelled',
          },
          query: [{ name: 'deploymentIds', type: 'string', required: true }],
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const ids = [...new Set(idList(request, 'deploymentIds'))];
      await ctx.db.transaction().execute(async (trx) => {
        const found = await trx
          .selectFrom('bladeFlowDeployment')
          .select('id')
          .where('id', 'in', ids)
          .where('tenantId', '=', user.tenantId)
          .where('isDeleted', '=', 0)
          .execute();
        if (found.length !== ids.length) throw notFound();
        const now = nowText();
        const removed = { isDeleted: 1, updateUser: user.userId, updateTime: now };
        const definitions = await trx
          .selectFrom('bladeFlowDefinition')
          .select('id')
          .where('deploymentId', 'in', ids)
          .where('tenantId', '=', user.tenantId)
          .where('isDeleted', '=', 0)
          .execute();
        const definitionIds = definitions.map((d) => d.id);
        if (definitionIds.length > 0)
          await cancelInstancesOfDefinitions(
            trx,
            user.tenantId,
            definitionIds,
            FLOW_MANAGER_REFUSALS.deleteReason.zh,
          );
        await trx
          .updateTable('bladeFlowDefinition')
          .set(removed)
          .where('deploymentId', 'in', ids)
          .where('tenantId', '=', user.tenantId)
          .execute();
        await trx
          .updateTable('bladeFlowDeployment')
          .set(removed)
          .where('id', 'in', ids)
          .where('tenantId', '=', user.tenantId)
          .execute();
      });
      return okStatus('删除成功');
    },
  );

  app.post(
    `/api/${FLOW_MANAGER_CALLS.deployUpload}`,
    {
      config: {
        access: perm('flow_deploy_deploy'),
        doc: {
          summary: {
            zh: '上传部署BPMN文件（multipart：category、tenantIds、files，最多10个，每个不超过1MB）',
            en: 'Deploy uploaded BPMN files (multipart: category, tenantIds, files; at most 10, 1 MB each)',
          },
          body: { contentType: 'multipart/form-data' },
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { fields, files } = await readUpload(request);
      const category = deployCategory(fields['category']);
      const tenantIds = await deployTargets(ctx.db, user, fields['tenantIds']);
      if (files.length === 0) throw badInput(`files:${FLOW_MANAGER_REFUSALS.noFiles.zh}`);
      const resources = files.map(({ name, bytes }) => {
        if (!BPMN_NAME.test(name)) throw badInput(`files:${FLOW_MANAGER_REFUSALS.badExtension.zh}`);
        return { name, xml: bpmnText(name, bytes) };
      });
      const first = files[0]!.name.replace(BPMN_NAME, '');
      // Each file checked first: with several, a refusal names the file.
      if (resources.length > 1)
        for (const resource of resources) {
          try {
            await checkBpmn(resource.xml);
          } catch (error) {
            if (error instanceof ApiError && error.statusCode === 400)
              throw badRequest(
                fillText(FILE_REFUSAL.zh, { file: resource.name, reason: error.message }),
              );
            throw error;
          }
        }
      const answer = await deployToTenants(
        ctx.db,
        user,
        { name: first || files[0]!.name, category, resources },
        tenantIds,
      );
      return ok(answer, '部署成功');
    },
  );
}

/** The text of an uploaded file: UTF-8 (a BOM dropped), else it is not BPMN. */
function bpmnText(name: string, bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw badInput(
      `files:${fillText(FILE_REFUSAL.zh, { file: name, reason: BPMN_REFUSALS.notBpmn.zh })}`,
    );
  }
}

/** Multipart errors of @fastify/multipart that mean "too many parts / files". */
const TOO_MANY = new Set(['FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT']);

/**
 * The upload's fields and files (field `files`, or `file`), each file read into memory up to
 * 1 MB: a bigger one stops the upload at once (413), more than 10 files is a 400.
 */
async function readUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: { name: string; bytes: Buffer }[] }> {
  if (!request.isMultipart()) throw badInput(`files:${FLOW_MANAGER_REFUSALS.noFiles.zh}`);
  const fields: Record<string, string> = {};
  const files: { name: string; bytes: Buffer }[] = [];
  const tooLarge = () => new ApiError(413, BPMN_REFUSALS.tooLarge.zh);
  try {
    const parts = request.parts({
      limits: {
        fileSize: DEPLOY_UPLOAD_LIMITS.bytesPerFile,
        files: DEPLOY_UPLOAD_LIMITS.files,
        fields: 10,
        parts: 24,
        fieldSize: 4096,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value.slice(0, 2000);
        continue;
      }
      failAtLimit(part.file, tooLarge);
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'files' && part.fieldname !== 'file') continue;
      files.push({ name: cleanFileName(part.filename), bytes });
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    if (code && TOO_MANY.has(code))
      throw badInput(`files:${FLOW_MANAGER_REFUSALS.tooManyFiles.zh}`);
    throw error;
  }
  return { fields, files };
}
