import type { Kysely } from 'kysely';
import { createEngineTable } from '../table-builder.js';
import { liveUniqueIndex } from '../unique.js';

/**
 * Workflow (issue 29): BPMN models, deployments and their process definitions, running process
 * instances with their bpmn-engine state, user tasks with their candidates, the activity history,
 * timers due from the database, and the leave requests of the seeded leave process.
 *
 * An instance's `engine_state` is the engine's JSON state after its last step; its `version`
 * counts the steps and every step is written with `where version = <the one it started from>`,
 * so of two processes running the same instance only one step lands (the other is answered 409
 * or retried).
 * Tasks carry the workflow task machine's state (machines/lifecycles/workflow-task-machine.ts);
 * their candidates are rows (user, role or dept) so the claim list is an indexed join.
 * Times are text 'yyyy-MM-dd HH:mm:ss' like every time at rest; timers' due times are epoch
 * milliseconds so that the worker compares numbers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A model as designed: BPMN XML checked on submit (bpmn-check.ts), deployed as a definition.
  await createEngineTable(db, 'blade_flow_model', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('model_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)')
      .addColumn('xml', 'text', (c) => c.notNull()),
  );
  await liveUniqueIndex(db, 'blade_flow_model', ['tenant_id', 'model_key']);
  await db.schema
    .createIndex('blade_flow_model_list')
    .on('blade_flow_model')
    .columns(['tenant_id', 'is_deleted', 'update_time'])
    .execute();

  await createEngineTable(db, 'blade_flow_deployment', { scope: 'tenant' }, (t) =>
    t
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('category', 'varchar(64)', (c) => c.notNull())
      .addColumn('deploy_time', 'varchar(19)', (c) => c.notNull()),
  );

  // A deployed process (its id is the processDefinitionId the routes carry). `assignments` is
  // JSON: per user task id, its assignee and candidates as written in the model; `suspended` 1
  // refuses starts and task actions.
  await createEngineTable(db, 'blade_flow_definition', { scope: 'tenant' }, (t) =>
    t
      .addColumn('deployment_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('description', 'varchar(500)')
      .addColumn('category', 'varchar(64)', (c) => c.notNull())
      .addColumn('process_version', 'integer', (c) => c.notNull())
      .addColumn('resource_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('xml', 'text', (c) => c.notNull())
      .addColumn('assignments', 'text', (c) => c.notNull())
      // JSON: who may start it ({ users: [...], groups: [...] }; both empty = anyone in the tenant).
      .addColumn('starters', 'text', (c) => c.notNull())
      .addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('deploy_time', 'varchar(19)', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('blade_flow_definition_key')
    .on('blade_flow_definition')
    .columns(['tenant_id', 'process_key', 'process_version'])
    .unique()
    .execute();
  await db.schema
    .createIndex('blade_flow_definition_deployment')
    .on('blade_flow_definition')
    .column('deployment_id')
    .execute();

  // `version` counts the instance's steps (the optimistic lock of every step).
  await createEngineTable(db, 'blade_flow_instance', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('definition_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('process_key', 'varchar(64)', (c) => c.notNull())
      // '<business table>:<id>' (the leave request's 'blade_process_leave:<id>'), or null.
      .addColumn('business_key', 'varchar(100)')
      .addColumn('started_by', 'varchar(32)', (c) => c.notNull())
      .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('end_time', 'varchar(19)')
      // running | suspended | ended | deleted
      .addColumn('state', 'varchar(12)', (c) => c.notNull())
      .addColumn('delete_reason', 'varchar(500)')
      .addColumn('engine_state', 'text', (c) => c.notNull())
      // JSON array of the activity ids waiting now (the diagram's current tasks).
      .addColumn('current_activities', 'text', (c) => c.notNull().defaultTo('[]')),
  );
  await db.schema
    .createIndex('blade_flow_instance_list')
    .on('blade_flow_instance')
    .columns(['tenant_id', 'is_deleted', 'start_time'])
    .execute();
  await db.schema
    .createIndex('blade_flow_instance_starter')
    .on('blade_flow_instance')
    .columns(['tenant_id', 'started_by', 'start_time'])
    .execute();

  await createEngineTable(db, 'blade_flow_task', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('instance_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('definition_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('activity_id', 'varchar(100)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      // candidate | assigned | done | cancelled (workflow-task-machine.ts)
      .addColumn('state', 'varchar(12)', (c) => c.notNull())
      .addColumn('assignee', 'varchar(32)')
      .addColumn('claim_time', 'varchar(19)')
      .addColumn('end_time', 'varchar(19)')
      // approve | reject (complete-task's flag), null while open
      .addColumn('outcome', 'varchar(12)')
      .addColumn('comment', 'varchar(500)'),
  );
  await db.schema
    .createIndex('blade_flow_task_assignee')
    .on('blade_flow_task')
    .columns(['tenant_id', 'assignee', 'state'])
    .execute();
  await db.schema
    .createIndex('blade_flow_task_instance')
    .on('blade_flow_task')
    .column('instance_id')
    .execute();
  // Who may claim an open task: kind 'user' | 'role' | 'dept' and that id.
  await db.schema
    .createTable('blade_flow_task_candidate')
    .addColumn('task_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('ref_id', 'varchar(32)', (c) => c.notNull())
    .addPrimaryKeyConstraint('blade_flow_task_candidate_pk', ['task_id', 'kind', 'ref_id'])
    .execute();
  await db.schema
    .createIndex('blade_flow_task_candidate_ref')
    .on('blade_flow_task_candidate')
    .columns(['kind', 'ref_id'])
    .execute();

  // Every activity entered (the history flow list and the diagram's finished nodes).
  await db.schema
    .createTable('blade_flow_history')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('activity_name', 'varchar(100)')
    .addColumn('activity_type', 'varchar(40)', (c) => c.notNull())
    .addColumn('assignee', 'varchar(32)')
    .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('end_time', 'varchar(19)')
    .addColumn('outcome', 'varchar(12)')
    .addColumn('comment', 'varchar(500)')
    // Order within the instance (start times repeat within a second).
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('blade_flow_history_instance')
    .on('blade_flow_history')
    .columns(['instance_id', 'seq'])
    .execute();

  // A timer an instance waits on: fired by the timer worker (claimed like export jobs).
  await db.schema
    .createTable('blade_flow_timer')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('instance_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('activity_id', 'varchar(100)', (c) => c.notNull())
    .addColumn('due_at', 'bigint', (c) => c.notNull())
    // waiting | fired | cancelled
    .addColumn('state', 'varchar(12)', (c) => c.notNull())
    .addColumn('claimed_by', 'varchar(64)')
    .addColumn('claimed_until', 'bigint')
    .execute();
  await db.schema
    .createIndex('blade_flow_timer_due')
    .on('blade_flow_timer')
    .columns(['state', 'due_at'])
    .execute();

  // The leave process's business record (blade-desk process/leave).
  await createEngineTable(db, 'blade_process_leave', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('process_definition_id', 'varchar(120)', (c) => c.notNull())
      .addColumn('process_instance_id', 'varchar(32)')
      .addColumn('leave_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('start_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('end_time', 'varchar(19)', (c) => c.notNull())
      // Half days: 3 = 1.5 days.
      .addColumn('half_days', 'integer', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)', (c) => c.notNull())
      // The approver chosen in the form (a user id), the first task's assignee.
      .addColumn('task_user', 'varchar(32)', (c) => c.notNull())
      .addColumn('apply_time', 'varchar(19)', (c) => c.notNull())
      // pending | approved | rejected | withdrawn
      .addColumn('leave_state', 'varchar(12)', (c) => c.notNull()),
  );
  await db.schema
    .createIndex('blade_process_leave_list')
    .on('blade_process_leave')
    .columns(['tenant_id', 'is_deleted', 'create_time'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'blade_process_leave',
    'blade_flow_timer',
    'blade_flow_history',
    'blade_flow_task_candidate',
    'blade_flow_task',
    'blade_flow_instance',
    'blade_flow_definition',
    'blade_flow_deployment',
    'blade_flow_model',
  ])
    await db.schema.dropTable(table).ifExists().execute();
}
