import type { Kysely } from 'kysely';
import type { DB } from '../schema.js';
import { nextId } from '../../lib/ids.js';
import { nowText } from '../../lib/time.js';
import {
  LEAVE_BPMN,
  LEAVE_PROCESS_KEY,
  PURCHASE_BPMN,
  PURCHASE_PROCESS_KEY,
} from '../../services/blade-flow/bpmn/demo-models.js';
import { deployBpmnIn } from '../../services/blade-flow/manager/deploy.js';

/** The demo's workflow category (the deploy's `category`). */
export const DEMO_FLOW_CATEGORY = 'office';

/** What the demo seeds per tenant (tests read it). */
export const DEMO_WORKFLOW_MODELS = {
  tenants: ['000000', '100001'],
  models: [
    { modelKey: LEAVE_PROCESS_KEY, name: '请假流程', deployed: true },
    { modelKey: PURCHASE_PROCESS_KEY, name: '采购审批', deployed: false },
  ],
} as const;

const XML: Record<string, string> = {
  [LEAVE_PROCESS_KEY]: LEAVE_BPMN,
  [PURCHASE_PROCESS_KEY]: PURCHASE_BPMN,
};

const DESCRIPTIONS: Record<string, string> = {
  [LEAVE_PROCESS_KEY]: '请假申请：部门审批、人事审批，驳回后调整或撤回',
  [PURCHASE_PROCESS_KEY]: '采购申请：运营审批、财务审批（候选组）',
};

/**
 * Workflow models of the demo (issue 29 item 6), in tenants 000000 and 100001: the leave model
 * and the purchase model saved as models, the leave model deployed (version 1, by each tenant's
 * admin) so /work/start offers it and the demo instances (demo-workflow.ts) run on it.
 * Returns the leave definition's id per tenant.
 */
export async function seedDemoWorkflowModels(trx: Kysely<DB>): Promise<Record<string, string>> {
  const leaveDefinitions: Record<string, string> = {};
  for (const tenantId of DEMO_WORKFLOW_MODELS.tenants) {
    const admin = await trx
      .selectFrom('bladeUser')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const now = nowText();
    for (const model of DEMO_WORKFLOW_MODELS.models) {
      await trx
        .insertInto('bladeFlowModel')
        .values({
          id: nextId(),
          tenantId,
          modelKey: model.modelKey,
          name: model.name,
          description: DESCRIPTIONS[model.modelKey]!,
          xml: XML[model.modelKey]!,
          version: 1,
          createUser: admin.id,
          createDept: null,
          createTime: now,
          updateUser: admin.id,
          updateTime: now,
          status: 1,
          isDeleted: 0,
        })
        .execute();
      if (!model.deployed) continue;
      const deployed = await deployBpmnIn(trx, {
        tenantId,
        userId: admin.id,
        name: model.name,
        category: DEMO_FLOW_CATEGORY,
        resources: [{ name: `${model.modelKey}.bpmn20.xml`, xml: XML[model.modelKey]! }],
      });
      leaveDefinitions[tenantId] = deployed.definitions[0]!.id;
    }
  }
  return leaveDefinitions;
}
