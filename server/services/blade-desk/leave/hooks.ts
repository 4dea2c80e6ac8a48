import type { Kysely } from 'kysely';
import type { DB } from '../../../db/schema.js';
import { nowText } from '../../../lib/time.js';
import { businessIdOf, registerProcessHook } from '../../blade-flow/engine/runner.js';

/**
 * The leave process's business hooks (issue 29 item 6), run inside each step's transaction:
 * the department's rejection sends the request to the applicant's adjustment (rejected), a
 * resubmission makes it pending again, giving up withdraws it, HR's decision settles it
 * (approved, or rejected), and a deleted instance withdraws it.
 */
export const LEAVE_TABLE = 'blade_process_leave';

async function setState(trx: Kysely<DB>, businessKey: string | null, leaveState: string) {
  const id = businessIdOf(businessKey);
  if (!id) return;
  await trx
    .updateTable('bladeProcessLeave')
    .set({ leaveState, updateTime: nowText() })
    .where('id', '=', id)
    .execute();
}

/** leave_state after a task of the leave model is done with `outcome`. */
export function leaveStateAfter(activityId: string, outcome: string): string | undefined {
  const ok = outcome === 'approve';
  if (activityId === 'deptApprove') return ok ? 'pending' : 'rejected';
  if (activityId === 'hrApprove') return ok ? 'approved' : 'rejected';
  if (activityId === 'adjust') return ok ? 'pending' : 'withdrawn';
  return undefined;
}

export function registerLeaveHooks(): void {
  registerProcessHook(LEAVE_TABLE, {
    async onTaskDone(trx, { instance, task, outcome }) {
      const next = leaveStateAfter(task.activityId, outcome);
      if (next) await setState(trx, instance.businessKey, next);
    },
    async onCancel(trx, { instance }) {
      await setState(trx, instance.businessKey, 'withdrawn');
    },
  });
}
