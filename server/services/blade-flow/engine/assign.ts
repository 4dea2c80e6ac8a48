import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import type { FlowVariables } from './expressions.js';
import { resolveText } from './expressions.js';

/**
 * The assignment rules of a user task (flow-common.md "Assignment rules"), applied when the task
 * starts: the assignee `${var}` is the variable's value (a user id), else an account or a user id
 * of the tenant; candidate users likewise; candidate groups are a role alias of the tenant,
 * `role:<roleId>` or `dept:<deptId>`. A rule naming nobody of the tenant is dropped; a task left
 * with nobody goes to the instance's starter (never an orphan).
 */
export interface TaskRule {
  name?: string;
  assignee: string | null;
  candidateUsers: string[];
  candidateGroups: string[];
}

export interface Assignment {
  assignee: string | null;
  candidates: { kind: 'user' | 'role' | 'dept'; refId: string }[];
}

/** The definition's `assignments` JSON, read leniently (a task with no entry has no rules). */
export function rulesOf(assignments: string, activityId: string): TaskRule {
  let all: Record<string, Partial<TaskRule>> = {};
  try {
    all = JSON.parse(assignments) as Record<string, Partial<TaskRule>>;
  } catch {
    all = {};
  }
  const rule = all[activityId] ?? {};
  return {
    assignee: rule.assignee ?? null,
    candidateUsers: rule.candidateUsers ?? [],
    candidateGroups: rule.candidateGroups ?? [],
  };
}

const text = (entry: string, variables: FlowVariables): string => {
  const value = resolveText(entry, variables);
  return value === undefined || value === null || value === false ? '' : String(value).trim();
};

/** Live users of the tenant named by id or account. */
async function usersOf(db: Kysely<DB>, tenantId: string, names: string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .selectFrom('bladeUser')
    .select(['id', 'account'])
    .where('tenantId', '=', tenantId)
    .where('isDeleted', '=', 0)
    .where((eb) => eb.or([eb('id', 'in', names), eb('account', 'in', names)]))
    .execute();
  // In the rule's order: an id first, else an account.
  return names.flatMap((n) => {
    const hit = rows.find((r) => r.id === n) ?? rows.find((r) => r.account === n);
    return hit ? [hit.id] : [];
  });
}

export async function assign(
  db: Kysely<DB>,
  tenantId: string,
  rule: TaskRule,
  variables: FlowVariables,
  starter: string,
): Promise<Assignment> {
  const assigneeName = rule.assignee ? text(rule.assignee, variables) : '';
  const [assignee] = assigneeName ? await usersOf(db, tenantId, [assigneeName]) : [];
  const userNames = rule.candidateUsers.flatMap((u) =>
    text(u, variables)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
  const candidates: Assignment['candidates'] = (await usersOf(db, tenantId, userNames)).map(
    (refId) => ({ kind: 'user', refId }),
  );
  const groups = rule.candidateGroups.map((g) => text(g, variables)).filter(Boolean);
  const aliases: string[] = [];
  for (const group of groups) {
    if (group.startsWith('role:')) candidates.push({ kind: 'role', refId: group.slice(5) });
    else if (group.startsWith('dept:')) candidates.push({ kind: 'dept', refId: group.slice(5) });
    else aliases.push(group);
  }
  if (aliases.length > 0) {
    const roles = await db
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', tenantId)
      .where('isDeleted', '=', 0)
      .where('roleAlias', 'in', aliases)
      .execute();
    for (const r of roles) candidates.push({ kind: 'role', refId: r.id });
  }
  // role:/dept: ids must be the tenant's.
  const roleIds = candidates.filter((c) => c.kind === 'role').map((c) => c.refId);
  const deptIds = candidates.filter((c) => c.kind === 'dept').map((c) => c.refId);
  const liveRoles = new Set(
    roleIds.length === 0
      ? []
      : (
          await db
            .selectFrom('bladeRole')
            .select('id')
            .where('tenantId', '=', tenantId)
            .where('isDeleted', '=', 0)
            .where('id', 'in', roleIds)
            .execute()
        ).map((r) => r.id),
  );
  const liveDepts = new Set(
    deptIds.length === 0
      ? []
      : (
          await db
            .selectFrom('bladeDept')
            .select('id')
            .where('tenantId', '=', tenantId)
            .where('isDeleted', '=', 0)
            .where('id', 'in', deptIds)
            .execute()
        ).map((d) => d.id),
  );
  const seen = new Set<string>();
  const kept = candidates.filter((c) => {
    const key = `${c.kind}:${c.refId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return c.kind === 'user' || (c.kind === 'role' ? liveRoles : liveDepts).has(c.refId);
  });
  if (!assignee && kept.length === 0) return { assignee: starter, candidates: [] };
  return { assignee: assignee ?? null, candidates: kept };
}
