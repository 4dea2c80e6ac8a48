import type { CreateTableBuilder, Kysely } from 'kysely';

/**
 * The supplier money core (issue 18, domain.md "coupon code", "supplier order", "balances"),
 * portable between SQLite and PostgreSQL. Money is integer fen (bigint); states are the
 * lifecycle machines' state names (machines/lifecycles/); times 'yyyy-MM-dd HH:mm:ss' UTC.
 *
 * - `blade_sup_batch_coupon_code`: a batch of codes (import file, supplier interface, manual
 *   obtain). Counts per state are read from the codes (an index serves them), never kept here: a
 *   count column would be one hot row every allocation writes.
 * - `blade_sup_coupon_code`: one code. `code_cipher`/`pin_cipher` are AES-256-GCM at rest,
 *   `code_digest` the HMAC-SHA256 of the code for exact look-up (couponCode2), `code_mask` what
 *   a user without the view button sees. A code is unique per supplier (by digest). `order_id`
 *   is the order holding it while issued or used.
 * - `blade_sup_coupon_code_recovery`: a code taken back by a refund, waiting to be handled
 *   (restock or discard). `blade_sup_coupon_code_exchange`: redemptions the supplier reported.
 * - `blade_sup_order`: a supplier order. Amounts are totals: `market_amount` face value,
 *   `actual_amount` what the client paid, `cost_amount` what the supplier balance was charged.
 * - `blade_sup_return_order`, `blade_sup_error_order`: refunds and error orders.
 * - `blade_sup_balance_total` per supplier, `blade_sup_good_balance_total` per good: the balance
 *   and the overdraft limit (how far below zero it may go); the ledgers
 *   `blade_sup_balance_record` / `blade_sup_good_balance_record` hold every change (signed
 *   amount, balance after, why, source document): a balance equals the sum of its ledger.
 * - `blade_sup_batch_task`: bulk jobs (refresh of verification status) with their progress.
 * - `blade_sup_warning_setting`: per tenant warning settings (error orders), JSON.
 */
type Builder = CreateTableBuilder<string, never>;

function audited(t: Builder): Builder {
  return t
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_dept', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1));
}

const id = (t: Builder) =>
  t
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull());

export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const index = (table: string, name: string, columns: string[]) =>
    s.createIndex(name).on(table).columns(columns).execute();

  await audited(
    id(s.createTable('blade_sup_batch_coupon_code'))
      .addColumn('batch_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('good_id', 'varchar(32)', (c) => c.notNull())
      // 'import' | 'interface' | 'manual'
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('total_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('valid_start', 'varchar(19)')
      .addColumn('valid_end', 'varchar(19)')
      .addColumn('import_id', 'varchar(32)')
      .addColumn('file_name', 'varchar(255)')
      .addColumn('remark', 'varchar(500)'),
  ).execute();
  await s
    .createIndex('blade_sup_batch_no')
    .on('blade_sup_batch_coupon_code')
    .columns(['tenant_id', 'batch_no'])
    .unique()
    .execute();
  await index('blade_sup_batch_coupon_code', 'blade_sup_batch_list', [
    'tenant_id',
    'is_deleted',
    'create_time',
  ]);
  await index('blade_sup_batch_coupon_code', 'blade_sup_batch_good', [
    'tenant_id',
    'good_id',
    'create_time',
  ]);

  await audited(
    id(s.createTable('blade_sup_coupon_code'))
      .addColumn('batch_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('good_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('code_cipher', 'varchar(400)', (c) => c.notNull())
      .addColumn('code_digest', 'varchar(64)', (c) => c.notNull())
      .addColumn('code_mask', 'varchar(64)', (c) => c.notNull())
      .addColumn('pin_cipher', 'varchar(400)')
      .addColumn('valid_start', 'varchar(19)')
      .addColumn('valid_end', 'varchar(19)')
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('unused'))
      .addColumn('order_id', 'varchar(32)')
      .addColumn('issue_time', 'varchar(19)')
      .addColumn('used_time', 'varchar(19)')
      .addColumn('invalid_time', 'varchar(19)'),
  ).execute();
  await s
    .createIndex('blade_sup_code_digest_unique')
    .on('blade_sup_coupon_code')
    .columns(['tenant_id', 'sup_id', 'code_digest'])
    .unique()
    .execute();
  const code = (name: string, columns: string[]) => index('blade_sup_coupon_code', name, columns);
  // Exact look-up by digest across the tenant's suppliers (couponCode2, the palette's c:).
  await code('blade_sup_code_digest', ['tenant_id', 'code_digest']);
  // Allocation: a good's unused codes, soonest expiring first; also the stock counts.
  await code('blade_sup_code_alloc', ['tenant_id', 'good_id', 'state', 'valid_end', 'id']);
  await code('blade_sup_code_batch', ['tenant_id', 'batch_id', 'state']);
  await code('blade_sup_code_order', ['tenant_id', 'order_id']);
  await code('blade_sup_code_list', ['tenant_id', 'is_deleted', 'create_time']);
  await code('blade_sup_code_state', ['tenant_id', 'is_deleted', 'state', 'create_time']);

  await audited(
    id(s.createTable('blade_sup_coupon_code_recovery'))
      .addColumn('code_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('good_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('order_id', 'varchar(32)')
      .addColumn('return_order_id', 'varchar(32)')
      // 'pending' | 'restocked' | 'discarded'
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('handle_user', 'varchar(32)')
      .addColumn('handle_time', 'varchar(19)')
      .addColumn('remark', 'varchar(500)'),
  ).execute();
  await index('blade_sup_coupon_code_recovery', 'blade_sup_recovery_list', [
    'tenant_id',
    'is_deleted',
    'state',
    'create_time',
  ]);
  await index('blade_sup_coupon_code_recovery', 'blade_sup_recovery_code', [
    'tenant_id',
    'code_id',
  ]);

  await audited(
    id(s.createTable('blade_sup_coupon_code_exchange'))
      .addColumn('code_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('good_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('order_id', 'varchar(32)')
      .addColumn('store_code', 'varchar(64)')
      .addColumn('store_name', 'varchar(200)')
      .addColumn('exchange_time', 'varchar(19)', (c) => c.notNull())
      // 'supplier' (reported) | 'renew' (found by renew-status or a batch refresh)
      .addColumn('source', 'varchar(16)', (c) => c.notNull())
      .addColumn('cancelled', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('cancel_time', 'varchar(19)'),
  ).execute();
  await index('blade_sup_coupon_code_exchange', 'blade_sup_exchange_list', [
    'tenant_id',
    'is_deleted',
    'exchange_time',
  ]);
  await index('blade_sup_coupon_code_exchange', 'blade_sup_exchange_code', [
    'tenant_id',
    'code_id',
  ]);

  await audited(
    id(s.createTable('blade_sup_order'))
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('client_order_id', 'varchar(64)')
      .addColumn('client_id', 'varchar(32)')
      .addColumn('app_id', 'varchar(32)')
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('good_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('market_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('actual_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cost_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('refunded_quantity', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('refunded_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('last_error', 'varchar(500)')
      .addColumn('finish_time', 'varchar(19)')
      .addColumn('remark', 'varchar(500)'),
  ).execute();
  await s
    .createIndex('blade_sup_order_no')
    .on('blade_sup_order')
    .columns(['tenant_id', 'order_no'])
    .unique()
    .execute();
  const order = (name: string, columns: string[]) => index('blade_sup_order', name, columns);
  await order('blade_sup_order_list', ['tenant_id', 'is_deleted', 'create_time']);
  await order('blade_sup_order_state', ['tenant_id', 'is_deleted', 'state', 'create_time']);
  await order('blade_sup_order_sup', ['tenant_id', 'sup_id', 'create_time']);
  await order('blade_sup_order_good', ['tenant_id', 'good_id', 'create_time']);
  await order('blade_sup_order_client', ['tenant_id', 'client_order_id']);

  await audited(
    id(s.createTable('blade_sup_return_order'))
      .addColumn('return_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('good_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('market_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('actual_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('cost_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('reason', 'varchar(500)')
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('requested'))
      .addColumn('fail_reason', 'varchar(500)')
      .addColumn('finish_time', 'varchar(19)'),
  ).execute();
  await s
    .createIndex('blade_sup_return_no')
    .on('blade_sup_return_order')
    .columns(['tenant_id', 'return_no'])
    .unique()
    .execute();
  await index('blade_sup_return_order', 'blade_sup_return_list', [
    'tenant_id',
    'is_deleted',
    'create_time',
  ]);
  await index('blade_sup_return_order', 'blade_sup_return_order_of', ['tenant_id', 'order_id']);

  await audited(
    id(s.createTable('blade_sup_error_order'))
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('good_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('error_msg', 'varchar(500)')
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .addColumn('audit_user', 'varchar(32)')
      .addColumn('audit_time', 'varchar(19)')
      .addColumn('audit_remark', 'varchar(500)')
      .addColumn('handle_user', 'varchar(32)')
      .addColumn('handle_time', 'varchar(19)'),
  ).execute();
  await index('blade_sup_error_order', 'blade_sup_error_list', [
    'tenant_id',
    'is_deleted',
    'state',
    'create_time',
  ]);
  await index('blade_sup_error_order', 'blade_sup_error_order_of', ['tenant_id', 'order_id']);

  await audited(
    id(s.createTable('blade_sup_balance_total'))
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('overdraft_limit', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('warning_amount', 'bigint')
      // Dictionary sup_balance_type: 1 prepaid, 2 credit
      .addColumn('balance_type', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await s
    .createIndex('blade_sup_balance_total_sup')
    .on('blade_sup_balance_total')
    .columns(['tenant_id', 'sup_id'])
    .unique()
    .execute();

  await audited(
    id(s.createTable('blade_sup_good_balance_total'))
      .addColumn('sup_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('good_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('overdraft_limit', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('warning_amount', 'bigint')
      // Dictionary sup_good_balance_type: 1 charged to the supplier's balance, 2 the good's own quota
      .addColumn('balance_type', 'integer', (c) => c.notNull().defaultTo(1)),
  ).execute();
  await s
    .createIndex('blade_sup_good_balance_total_good')
    .on('blade_sup_good_balance_total')
    .columns(['tenant_id', 'good_id'])
    .unique()
    .execute();

  const ledger = (table: string, withGood: boolean) => {
    let t = id(s.createTable(table)).addColumn('sup_id', 'varchar(32)', (c) => c.notNull());
    if (withGood) t = t.addColumn('good_id', 'varchar(32)', (c) => c.notNull());
    return (
      t
        // 'init' | 'add' | 'deduct' | 'order' | 'refund' | 'reissue' | 'cancel'
        .addColumn('change_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('balance_after', 'bigint', (c) => c.notNull())
        .addColumn('reason', 'varchar(500)')
        .addColumn('source_id', 'varchar(32)')
        .addColumn('source_no', 'varchar(32)')
        .addColumn('attach_id', 'varchar(32)')
        .addColumn('file_name', 'varchar(255)')
        .addColumn('create_user', 'varchar(32)')
        .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
        .execute()
    );
  };
  await ledger('blade_sup_balance_record', false);
  await ledger('blade_sup_good_balance_record', true);
  await index('blade_sup_balance_record', 'blade_sup_balance_record_list', [
    'tenant_id',
    'create_time',
  ]);
  await index('blade_sup_balance_record', 'blade_sup_balance_record_sup', [
    'tenant_id',
    'sup_id',
    'create_time',
  ]);
  await index('blade_sup_good_balance_record', 'blade_sup_good_balance_record_list', [
    'tenant_id',
    'create_time',
  ]);
  await index('blade_sup_good_balance_record', 'blade_sup_good_balance_record_good', [
    'tenant_id',
    'good_id',
    'create_time',
  ]);

  await audited(
    id(s.createTable('blade_sup_batch_task'))
      .addColumn('task_name', 'varchar(100)', (c) => c.notNull())
      // 'refreshVerification'
      .addColumn('task_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('params', 'text')
      // 'waiting' | 'running' | 'done' | 'failed'
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('waiting'))
      .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('succeeded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('result', 'text')
      .addColumn('error', 'varchar(500)')
      .addColumn('started_at', 'varchar(19)')
      .addColumn('finished_at', 'varchar(19)')
      .addColumn('claimed_at', 'bigint'),
  ).execute();
  await index('blade_sup_batch_task', 'blade_sup_batch_task_list', [
    'tenant_id',
    'is_deleted',
    'create_time',
  ]);
  await index('blade_sup_batch_task', 'blade_sup_batch_task_state', ['state', 'create_time']);

  await s
    .createTable('blade_sup_warning_setting')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    // 'errorOrder'
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('config', 'text', (c) => c.notNull())
    .addColumn('update_user', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await s
    .createIndex('blade_sup_warning_setting_kind')
    .on('blade_sup_warning_setting')
    .columns(['tenant_id', 'kind'])
    .unique()
    .execute();
}

const TABLES = [
  'blade_sup_warning_setting',
  'blade_sup_batch_task',
  'blade_sup_good_balance_record',
  'blade_sup_balance_record',
  'blade_sup_good_balance_total',
  'blade_sup_balance_total',
  'blade_sup_error_order',
  'blade_sup_return_order',
  'blade_sup_order',
  'blade_sup_coupon_code_exchange',
  'blade_sup_coupon_code_recovery',
  'blade_sup_coupon_code',
  'blade_sup_batch_coupon_code',
];

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.dropTable(table).execute();
}
