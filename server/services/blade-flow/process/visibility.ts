import type { Kysely } from 'kysely';
import { permissionCodes, type AuthUser } from '../../../auth/index.js';
import type { DB } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import { candidateOfTask } from '../work/tables.js';

/** Who may see a diagram or a history: any screen that shows one. */
export const VIEW_CODES = [
  'flow_follow_view',
  'flow_manager_view',
  'work_start',
  'work_claim_view',
  'work_todo_view',
  'work_send_view',
  'work_done_view',
  'work_leave_view',
] as const;

/** Who may read any instance of the tenant: process trackers and managers. */
const TRACKERS = ['flow_follow', 'flow_follow_view', 'flow_manager_view'];

/**
 * Whether the user may read an instance's diagram, history or business record: the one who
 * started it, anyone who has or had a task on it (assignee or candidate, by user, role or
 * department), process trackers, and the super administrator. A work screen's button alone
 * does not open another user's approvals and comments.
 */
export async function mayViewInstance(
  db: Kysely<DB>,
  user: AuthUser,
  instance: { id: string; startedBy: string },
): Promise<boolean> {
  if (instance.startedBy === user.userId || user.isSuperAdmin) return true;
  const task = await db
    .selectFrom('bladeFlowTask')
    .select('id')
    .where('instanceId', '=', instance.id)
    .where('tenantId', '=', user.tenantId)
    .where((eb) => eb.or([eb('assignee', '=', user.userId), candidateOfTask(user)(eb)]))
    .executeTakeFirst();
  if (task) return true;
  const codes = await permissionCodes(db, user);
  return TRACKERS.some((code) => codes.has(code));
}

/** 404 (as for another tenant's) when the user may not read the instance. */
export async function assertInstanceVisible(
  db: Kysely<DB>,
  user: AuthUser,
  instance: { id: string; startedBy: string },
): Promise<void> {
  if (!(await mayViewInstance(db, user, instance))) throw notFound();
}
