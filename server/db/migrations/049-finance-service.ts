import { sql, type Kysely } from 'kysely';
import { createEngineTable } from '../table-builder.js';
import { liveUniqueIndex } from '../unique.js';
import { addScreenButtons } from '../seed/screen-buttons.js';

/**
 * Issue 28 items 4-6: pay orders and their refunds (contracts/platform-finance/pay-order.ts), the
 * WeChat pay and Dingxin settings (contracts/service-settings/settings.ts; one enabled per
 * tenant, a partial unique index), the saved report definitions (blade-report), and the screens'
 * new buttons.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await createEngineTable(db, 'blade_pay_order', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('out_trade_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('setting_id', 'varchar(32)')
      .addColumn('transaction_id', 'varchar(64)')
      .addColumn('payer_mask', 'varchar(64)')
      .addColumn('subject', 'varchar(128)', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('channel', 'varchar(16)', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('pay_time', 'varchar(19)')
      .addColumn('close_time', 'varchar(19)')
      .addColumn('source_type', 'varchar(16)', (c) => c.notNull())
      .addColumn('source_id', 'varchar(32)', (c) => c.notNull()),
  );
  // The notice names the order by its out trade no: unique over every tenant.
  await db.schema
    .createIndex('blade_pay_order_uq_out_trade_no')
    .on('blade_pay_order')
    .column('out_trade_no')
    .unique()
    .execute();
  await liveUniqueIndex(db, 'blade_pay_order', ['tenant_id', 'order_no']);
  await db.schema
    .createIndex('blade_pay_order_list')
    .on('blade_pay_order')
    .columns(['tenant_id', 'is_deleted', 'create_time'])
    .execute();

  await db.schema
    .createTable('blade_pay_refund')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('pay_order_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('refund_no', 'varchar(32)', (c) => c.notNull().unique())
    .addColumn('refund_id', 'varchar(64)')
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(200)')
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('blade_pay_refund_order')
    .on('blade_pay_refund')
    .columns(['pay_order_id'])
    .execute();

  const setting = (table: string, columns: Parameters<typeof createEngineTable>[3]) =>
    createEngineTable(db, table, { scope: 'tenant', versioned: true }, (t) =>
      columns(
        t
          .addColumn('setting_name', 'varchar(64)', (c) => c.notNull())
          .addColumn('driver', 'varchar(16)', (c) => c.notNull()),
      )
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'varchar(255)'),
    );
  await setting('blade_wechat_pay_setting', (t) =>
    t
      .addColumn('mch_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('api_v3_key', 'varchar(255)')
      .addColumn('serial_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('private_key', 'text')
      .addColumn('platform_cert', 'text'),
  );
  await setting('blade_dingxin_setting', (t) =>
    t
      .addColumn('endpoint', 'varchar(255)', (c) => c.notNull())
      .addColumn('app_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('app_secret', 'varchar(255)'),
  );
  // One enabled setting of a kind per tenant, as a database fact.
  for (const table of ['blade_wechat_pay_setting', 'blade_dingxin_setting'])
    await db.schema
      .createIndex(`${table}_uq_enabled`)
      .on(table)
      .column('tenant_id')
      .unique()
      .where(sql.ref('enabled'), '=', 1)
      .where(sql.ref('is_deleted'), '=', 0)
      .execute();

  await createEngineTable(db, 'blade_report_def', { scope: 'global' }, (t) =>
    t
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('report_code', 'varchar(64)', (c) => c.notNull())
      .addColumn('category', 'varchar(16)', (c) => c.notNull())
      .addColumn('route', 'varchar(255)', (c) => c.notNull())
      .addColumn('remark', 'varchar(255)'),
  );
  await liveUniqueIndex(db, 'blade_report_def', ['report_code']);

  for (const screen of ['pay_order', 'wechat_pay', 'dingxin_auth'])
    await addScreenButtons(db, screen);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
