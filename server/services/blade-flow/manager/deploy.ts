import type { Kysely } from 'kysely';
import type { FlowDeployAnswer } from '../../../../src/contracts/blade-flow/model.js';
import { FLOW_MODEL_REFUSALS } from '../../../../src/contracts/blade-flow/model.js';
import type { AuthUser } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { isUniqueViolation } from '../../../db/unique.js';
import { badInput, forbidden } from '../../../lib/errors.js';
import { nextId } from '../../../lib/ids.js';
import { insertAudit } from '../../../lib/records.js';
import { nowText } from '../../../lib/time.js';
import { checkBpmn, type ParsedBpmn } from '../bpmn/check.js';

export interface DeployInput {
  tenantId: string;
  userId: string;
  name: string;
  category: string;
  resources: { name: string; xml: string }[];
}

export interface DeployAnswer {
  deploymentId: string;
  definitions: { id: string; processKey: string; processVersion: number; name: string }[];
}

type Checked = { name: string; xml: string; parsed: ParsedBpmn }[];

/** Racing deploys of one key: the loser of the (tenant, key, version) index tries again. */
const ATTEMPTS = 8;

/**
 * Deploys BPMN resources into one tenant (issue 29 item 2): every resource is checked first
 * (bpmn/check.ts: a 400 with the zh message, nothing written), then one transaction writes the
 * deployment row and one definition per executable process, its processVersion the tenant's
 * highest for that key + 1 (removed definitions keep their numbers), with its assignment rules
 * and starters as JSON. Used by model/deploy, manager/deploy-upload and the demo seed.
 */
export async function deployBpmn(db: Kysely<DB>, input: DeployInput): Promise<DeployAnswer> {
  const checked = await checkAll(input.resources);
  return retried(db, (trx) => writeDeployment(trx, input, checked));
}

/** deployBpmn inside a transaction the caller holds (the demo seed's). */
export async function deployBpmnIn(trx: Kysely<DB>, input: DeployInput): Promise<DeployAnswer> {
  return writeDeployment(trx, input, await checkAll(input.resources));
}

/**
 * Deploys into each of `tenantIds` (deployTargets) in one transaction: all tenants or none.
 * The answer is the first tenant's deployment, with every tenant's in `deployments`.
 */
export async function deployToTenants(
  db: Kysely<DB>,
  user: AuthUser,
  input: Omit<DeployInput, 'tenantId' | 'userId'>,
  tenantIds: readonly string[],
): Promise<FlowDeployAnswer> {
  const checked = await checkAll(input.resources);
  const deployments = await retried(db, async (trx) => {
    const out: FlowDeployAnswer['deployments'] = [];
    for (const tenantId of tenantIds) {
      const one = { ...input, tenantId, userId: user.userId };
      out.push({ tenantId, ...(await writeDeployment(trx, one, checked)) });
    }
    return out;
  });
  const first = deployments[0]!;
  return { deploymentId: first.deploymentId, definitions: first.definitions, deployments };
}

/**
 * The tenants a deploy goes to: `tenantIds` (comma list) or the caller's own. Naming another
 * tenant is the super administrator's only (403); each must be a live tenant (400).
 */
export async function deployTargets(
  db: Kysely<DB>,
  user: AuthUser,
  raw: string | undefined,
): Promise<string[]> {
  const ids = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean),
    ),
  ];
  if (ids.length === 0) return [user.tenantId];
  if (ids.length > 100 || ids.some((id) => !/^[A-Za-z0-9_-]{1,32}$/.test(id)))
    throw badInput(`tenantIds:${FLOW_MODEL_REFUSALS.tenantMissing.zh}`);
  if (ids.some((id) => id !== user.tenantId) && !user.isSuperAdmin)
    throw forbidden(FLOW_MODEL_REFUSALS.otherTenants.zh);
  const live = await db
    .selectFrom('bladeTenant')
    .select('tenantId')
    .where('tenantId', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
  if (live.length !== ids.length)
    throw badInput(`tenantIds:${FLOW_MODEL_REFUSALS.tenantMissing.zh}`);
  return ids;
}

/** A deploy's category: required, at most 64 characters (400 at the field). */
export function deployCategory(raw: string | undefined): string {
  const category = (raw ?? '').trim();
  if (!category) throw badInput(`category:${FLOW_MODEL_REFUSALS.categoryRequired.zh}`);
  if (category.length > 64) throw badInput(`category:${FLOW_MODEL_REFUSALS.categoryTooLong.zh}`);
  return category;
}

async function checkAll(resources: DeployInput['resources']): Promise<Checked> {
  const checked: Checked = [];
  for (const resource of resources)
    checked.push({ ...resource, parsed: await checkBpmn(resource.xml) });
  return checked;
}

async function retried<T>(db: Kysely<DB>, work: (trx: Kysely<DB>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

async function writeDeployment(
  trx: Kysely<DB>,
  input: DeployInput,
  checked: Checked,
): Promise<DeployAnswer> {
  const now = nowText();
  const audit = insertAudit({ userId: input.userId, deptIds: [] }, now);
  const category = input.category.slice(0, 64);
  const deploymentId = nextId();
  await trx
    .insertInto('bladeFlowDeployment')
    .values({
      id: deploymentId,
      tenantId: input.tenantId,
      name: input.name.slice(0, 100),
      category,
      deployTime: now,
      ...audit,
    })
    .execute();
  const definitions: DeployAnswer['definitions'] = [];
  for (const resource of checked) {
    for (const process of resource.parsed.processes) {
      const latest = await trx
        .selectFrom('bladeFlowDefinition')
        .select((eb) => eb.fn.max('processVersion').as('max'))
        // Removed definitions count too (no is_deleted condition): their numbers stay taken.
        .where('tenantId', '=', input.tenantId)
        .where('processKey', '=', process.key)
        .executeTakeFirst();
      const processVersion = Number(latest?.max ?? 0) + 1;
      const id = nextId();
      await trx
        .insertInto('bladeFlowDefinition')
        .values({
          id,
          tenantId: input.tenantId,
          deploymentId,
          processKey: process.key,
          name: process.name,
          description: process.description,
          category,
          processVersion,
          resourceName: resource.name.slice(0, 200),
          xml: resource.xml,
          assignments: JSON.stringify(process.userTasks),
          starters: JSON.stringify(process.starters),
          deployTime: now,
          ...audit,
        })
        .execute();
      definitions.push({ id, processKey: process.key, processVersion, name: process.name });
    }
  }
  return { deploymentId, definitions };
}
