import { sql, type Kysely } from 'kysely';
import { addScreenButtons } from '../seed/screen-buttons.js';

/**
 * Delivery events and their roll-ups (issue 28 item 3). Events are append-only and lean (no audit
 * columns: millions of rows); `rolled` = 0 marks the ones the roll-up job has not counted yet (a
 * partial index keeps finding them cheap). The roll-up tables are keyed by tenant, bucket
 * ('yyyy-MM-dd HH:mm' per minute, 'yyyy-MM-dd' per day), plan, position, flow master and lot
 * ('' for no lot, so the key has no NULL); counts are added by upsert, so two processes rolling
 * disjoint batches of events add up to the same numbers. Money is fen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('blade_ad_event')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    // Who sent it (the signing app's id): event ids are unique per source.
    .addColumn('source', 'varchar(32)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(64)', (c) => c.notNull())
    // impression | click | conversion | cost
    .addColumn('event_type', 'varchar(12)', (c) => c.notNull())
    .addColumn('plan_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('position_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('flow_master_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('lot_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    // When it happened, 'yyyy-MM-dd HH:mm:ss' (server time zone, like every time at rest).
    .addColumn('event_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('cost', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('received_time', 'varchar(19)', (c) => c.notNull())
    .addColumn('rolled', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('blade_ad_event_uq')
    .on('blade_ad_event')
    .columns(['tenant_id', 'source', 'event_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('blade_ad_event_unrolled')
    .on('blade_ad_event')
    .column('id')
    .where(sql.ref('rolled'), '=', 0)
    .execute();
  // Exports and checks read the raw events of a plan over a period.
  await db.schema
    .createIndex('blade_ad_event_plan_time')
    .on('blade_ad_event')
    .columns(['tenant_id', 'plan_id', 'event_time'])
    .execute();

  for (const [table, bucketWidth] of [
    ['blade_ad_rollup_minute', 16],
    ['blade_ad_rollup_day', 10],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
      .addColumn('bucket', `varchar(${bucketWidth})`, (c) => c.notNull())
      .addColumn('plan_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('position_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('flow_master_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('lot_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('impressions', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('clicks', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('conversions', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cost', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint(`${table}_pk`, [
        'tenant_id',
        'bucket',
        'plan_id',
        'position_id',
        'flow_master_id',
        'lot_id',
      ])
      .execute();
    // Reports by plan and by flow master over a range of buckets.
    await db.schema
      .createIndex(`${table}_plan`)
      .on(table)
      .columns(['tenant_id', 'plan_id', 'bucket'])
      .execute();
    await db.schema
      .createIndex(`${table}_master`)
      .on(table)
      .columns(['tenant_id', 'flow_master_id', 'bucket'])
      .execute();
  }

  // What a plan has spent (fen, summed by the roll-up) and why it is paused ('manual' | 'budget').
  await db.schema
    .alterTable('blade_ad_plan')
    .addColumn('spent', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('blade_ad_plan').addColumn('pause_reason', 'varchar(16)').execute();

  for (const menu of [
    'flow_master_report',
    'ad_plan_report',
    'ad_realtime_report',
    'ad_history_report',
    'ad_transaction',
  ])
    await addScreenButtons(db, menu);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
