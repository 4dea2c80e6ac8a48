import type { Kysely } from 'kysely';
import { createEngineTable } from '../table-builder.js';
import { liveUniqueIndex } from '../unique.js';
import { addScreenButtons } from '../seed/screen-buttons.js';

/**
 * Parking bills, their refunds and smart-pay flows (issue 28 item 1; contracts/platform-parking/
 * park-bill.ts, park-pay-flow.ts). Money in fen. The lists filter by a bill-time range (at most
 * 31 days) and a lot over a million bills: the indexes lead with tenant, live flag and kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createEngineTable(db, 'blade_park_bill', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('bill_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('bill_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('lot_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('plate_no', 'varchar(16)', (c) => c.notNull())
      .addColumn('enter_time', 'varchar(19)')
      .addColumn('leave_time', 'varchar(19)')
      .addColumn('park_minutes', 'integer')
      .addColumn('ticket_start', 'varchar(19)')
      .addColumn('ticket_end', 'varchar(19)')
      .addColumn('amount_due', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('discount_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('right_deduction', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('paid_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('pay_channel', 'varchar(16)')
      .addColumn('pay_time', 'varchar(19)')
      .addColumn('pay_mode', 'varchar(8)', (c) => c.notNull().defaultTo('normal'))
      .addColumn('sup_id', 'varchar(32)')
      .addColumn('right_code', 'varchar(64)')
      .addColumn('provider_code', 'varchar(32)')
      .addColumn('provider_name', 'varchar(100)')
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('bill_time', 'varchar(19)', (c) => c.notNull()),
  );
  await liveUniqueIndex(db, 'blade_park_bill', ['tenant_id', 'bill_no']);
  // Each list: the tenant's live bills of a kind in a bill-time range, newest first (id breaks
  // ties, so the index gives the order); the 权益 (provider) lists add pay_mode; a lot's bills.
  await db.schema
    .createIndex('blade_park_bill_list')
    .on('blade_park_bill')
    .columns(['tenant_id', 'bill_type', 'is_deleted', 'bill_time', 'id'])
    .execute();
  await db.schema
    .createIndex('blade_park_bill_mode')
    .on('blade_park_bill')
    .columns(['tenant_id', 'bill_type', 'pay_mode', 'is_deleted', 'bill_time', 'id'])
    .execute();
  await db.schema
    .createIndex('blade_park_bill_lot')
    .on('blade_park_bill')
    .columns(['tenant_id', 'lot_id', 'bill_type', 'is_deleted', 'bill_time', 'id'])
    .execute();

  await createEngineTable(db, 'blade_park_bill_refund', { scope: 'tenant' }, (t) =>
    t
      .addColumn('refund_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('bill_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('bill_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('reason', 'varchar(200)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('operator_refund_no', 'varchar(64)'),
  );
  await db.schema
    .createIndex('blade_park_bill_refund_bill')
    .on('blade_park_bill_refund')
    .columns(['tenant_id', 'bill_id'])
    .execute();

  await createEngineTable(db, 'blade_park_pay_flow', { scope: 'tenant' }, (t) =>
    t
      .addColumn('flow_no', 'varchar(40)', (c) => c.notNull())
      .addColumn('bill_no', 'varchar(40)')
      .addColumn('lot_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('plate_no', 'varchar(16)', (c) => c.notNull())
      .addColumn('flow_type', 'varchar(8)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('pay_channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('flow_state', 'varchar(8)', (c) => c.notNull())
      .addColumn('fail_reason', 'varchar(200)')
      .addColumn('flow_time', 'varchar(19)', (c) => c.notNull()),
  );
  await liveUniqueIndex(db, 'blade_park_pay_flow', ['tenant_id', 'flow_no']);
  await db.schema
    .createIndex('blade_park_pay_flow_list')
    .on('blade_park_pay_flow')
    .columns(['tenant_id', 'is_deleted', 'flow_time', 'id'])
    .execute();

  for (const menu of [
    'temp_bill',
    'month_ticket_bill',
    'smart_pay_flow',
    'provider_temp_bill',
    'provider_month_ticket_bill',
  ])
    await addScreenButtons(db, menu);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
