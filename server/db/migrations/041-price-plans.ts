import type { Kysely } from 'kysely';
import { createEngineTable } from '../table-builder.js';

/**
 * Price plans (issue 27 item 7, contracts/platform-client/price-plan.ts): a client product's sale
 * price changing at a set time, applied once by the scheduler (services/platform-client/
 * price-plan/scheduler.ts). Prices are fen; times 'yyyy-MM-dd HH:mm:ss' like every other time, so
 * `effective_time <= now` compares as text. The screen's buttons are the seed's already.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createEngineTable(db, 'blade_price_plan', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('old_price', 'bigint', (c) => c.notNull())
      .addColumn('new_price', 'bigint', (c) => c.notNull())
      .addColumn('effective_time', 'varchar(19)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('applied_time', 'varchar(19)')
      .addColumn('applied_price', 'bigint')
      .addColumn('void_user', 'varchar(32)')
      .addColumn('void_time', 'varchar(19)')
      .addColumn('void_reason', 'varchar(200)')
      .addColumn('remark', 'varchar(500)'),
  );
  // The list: the tenant's live plans, latest effective time first (and its range filter).
  await db.schema
    .createIndex('blade_price_plan_list')
    .on('blade_price_plan')
    .columns(['tenant_id', 'is_deleted', 'effective_time'])
    .execute();
  // The scheduler: due pending plans of every tenant, oldest effective time first.
  await db.schema
    .createIndex('blade_price_plan_due')
    .on('blade_price_plan')
    .columns(['state', 'effective_time'])
    .execute();
  // A product's pending plans (an earlier one goes first).
  await db.schema
    .createIndex('blade_price_plan_product')
    .on('blade_price_plan')
    .columns(['tenant_id', 'product_id', 'state', 'effective_time'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
