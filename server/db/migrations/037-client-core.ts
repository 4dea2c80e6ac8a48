import type { Kysely } from 'kysely';
import { createEngineTable } from '../table-builder.js';
import { liveUniqueIndex } from '../unique.js';

/**
 * The client service's core (issue 27, domain.md "Client service"): access parties, their apps,
 * the apps' prepay balances and ledger, client products and their goods mapping, client product
 * orders with their returns and failed place-orders, and what the signed open API holds in the
 * database so that it holds across processes (nonces, rate windows, the callback outbox).
 * Money is integer fen (bigint); states are the lifecycles' (machines/lifecycles/).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const s = db.schema;
  const index = (table: string, name: string, columns: string[]) =>
    s.createIndex(name).on(table).columns(columns).execute();

  await createEngineTable(db, 'blade_psclient', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('client_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('client_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('short_name', 'varchar(50)')
      .addColumn('contact_name', 'varchar(50)')
      // Sealed at rest like a supplier's contact phone ('enc1:...').
      .addColumn('contact_phone', 'varchar(255)')
      // The tenant whose users act for this party (getByTenantId, belong-client).
      .addColumn('belong_tenant_id', 'varchar(12)')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(500)'),
  );
  await liveUniqueIndex(db, 'blade_psclient', ['tenant_id', 'client_code']);
  await index('blade_psclient', 'blade_psclient_list', ['tenant_id', 'is_deleted', 'create_time']);

  await createEngineTable(db, 'blade_psclient_app', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('app_name', 'varchar(100)', (c) => c.notNull())
      // Public: names the app in every signed call; unique across tenants.
      .addColumn('app_key', 'varchar(32)', (c) => c.notNull())
      // The secret is derived from the install key and this salt (app/secret.ts): never stored.
      .addColumn('secret_salt', 'varchar(64)', (c) => c.notNull())
      .addColumn('secret_hint', 'varchar(8)')
      .addColumn('secret_time', 'varchar(19)')
      .addColumn('callback_url', 'varchar(500)')
      // One address or CIDR range per line; empty = every address.
      .addColumn('ip_allowlist', 'text')
      // Open API calls a minute.
      .addColumn('rate_limit', 'integer', (c) => c.notNull().defaultTo(600))
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(500)'),
  );
  await liveUniqueIndex(db, 'blade_psclient_app', ['app_key']);
  await index('blade_psclient_app', 'blade_psclient_app_list', [
    'tenant_id',
    'is_deleted',
    'create_time',
  ]);
  await index('blade_psclient_app', 'blade_psclient_app_client', ['tenant_id', 'client_id']);

  // The products an app may order (listAuth / authConfig).
  await s
    .createTable('blade_psclient_app_product')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .execute();
  await s
    .createIndex('blade_psclient_app_product_unique')
    .on('blade_psclient_app_product')
    .columns(['app_id', 'product_id'])
    .unique()
    .execute();

  await createEngineTable(
    db,
    'blade_psclient_app_prepay',
    { scope: 'tenant', versioned: true },
    (t) =>
      t
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        // How far below zero the balance may go (a credit line); 0 for a prepaid app.
        .addColumn('credit_limit', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('warning_amount', 'bigint')
        // 1 prepaid, 2 credit line
        .addColumn('prepay_type', 'integer', (c) => c.notNull().defaultTo(1))
        // 1 while a low-balance notice is out (cleared when the balance is back above it).
        .addColumn('warned', 'integer', (c) => c.notNull().defaultTo(0)),
  );
  await s
    .createIndex('blade_psclient_app_prepay_app')
    .on('blade_psclient_app_prepay')
    .columns(['tenant_id', 'app_id'])
    .unique()
    .execute();

  // The prepay ledger: every change of a prepay balance (prepay/ledger.ts).
  await s
    .createTable('blade_prepay_record')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
    // 'topup' | 'adjust' | 'order' | 'return' | 'fail' | 'cancel'
    .addColumn('change_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('amount', 'bigint', (c) => c.notNull())
    .addColumn('balance_after', 'bigint', (c) => c.notNull())
    .addColumn('reason', 'varchar(500)')
    .addColumn('source_id', 'varchar(32)')
    .addColumn('source_no', 'varchar(40)')
    .addColumn('attach_id', 'varchar(32)')
    .addColumn('file_name', 'varchar(255)')
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await index('blade_prepay_record', 'blade_prepay_record_list', ['tenant_id', 'create_time']);
  await index('blade_prepay_record', 'blade_prepay_record_app', [
    'tenant_id',
    'app_id',
    'create_time',
  ]);
  await index('blade_prepay_record', 'blade_prepay_record_type', [
    'tenant_id',
    'change_type',
    'create_time',
  ]);

  await createEngineTable(db, 'blade_psclient_product', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('product_code', 'varchar(32)', (c) => c.notNull())
      .addColumn('product_name', 'varchar(100)', (c) => c.notNull())
      // Face value and sale price, fen.
      .addColumn('market_amount', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('sale_price', 'bigint', (c) => c.notNull().defaultTo(0))
      // 'priority' | 'lowestCost' | 'weighted' (product-good-map-set-rule)
      .addColumn('set_rule', 'varchar(16)', (c) => c.notNull().defaultTo('priority'))
      .addColumn('on_shelf', 'integer', (c) => c.notNull().defaultTo(1))
      // Media stock ids, JSON arrays.
      .addColumn('pictures', 'text')
      .addColumn('videos', 'text')
      .addColumn('description', 'varchar(2000)')
      .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('remark', 'varchar(500)'),
  );
  await liveUniqueIndex(db, 'blade_psclient_product', ['tenant_id', 'product_code']);
  await index('blade_psclient_product', 'blade_psclient_product_list', [
    'tenant_id',
    'is_deleted',
    'create_time',
  ]);

  // The goods a product is fulfilled from, with the rule's inputs.
  await s
    .createTable('blade_product_good_map')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('good_id', 'varchar(32)', (c) => c.notNull())
    // Lower first (rule 'priority').
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    // Share of orders (rule 'weighted').
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('create_user', 'varchar(32)')
    .addColumn('create_time', 'varchar(19)')
    .execute();
  await s
    .createIndex('blade_product_good_map_unique')
    .on('blade_product_good_map')
    .columns(['product_id', 'good_id'])
    .unique()
    .execute();
  await index('blade_product_good_map', 'blade_product_good_map_good', ['tenant_id', 'good_id']);

  // Business days on which a product (or, with no product, every product) is not sold.
  await createEngineTable(db, 'blade_forbidden_sale_day', { scope: 'tenant' }, (t) =>
    t
      .addColumn('product_id', 'varchar(32)')
      .addColumn('sale_day', 'varchar(10)', (c) => c.notNull())
      .addColumn('reason', 'varchar(200)'),
  );
  await index('blade_forbidden_sale_day', 'blade_forbidden_sale_day_day', [
    'tenant_id',
    'sale_day',
  ]);

  await createEngineTable(
    db,
    'blade_client_product_order',
    { scope: 'tenant', versioned: true },
    (t) =>
      t
        .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
        // The app's own number: unique per app (the open API's idempotency).
        .addColumn('out_order_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('good_id', 'varchar(32)')
        .addColumn('sup_order_id', 'varchar(32)')
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('sale_price', 'bigint', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('returned_quantity', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('returned_amount', 'bigint', (c) => c.notNull().defaultTo(0))
        // The end user's phone, sealed at rest; its mask for lists.
        .addColumn('phone', 'varchar(255)')
        .addColumn('phone_mask', 'varchar(20)')
        // clientOrderLifecycle
        .addColumn('state', 'varchar(16)', (c) => c.notNull())
        // 'api' | 'bulk' | 'console'
        .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('api'))
        .addColumn('last_error', 'varchar(500)')
        .addColumn('finish_time', 'varchar(19)')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('remark', 'varchar(500)'),
  );
  await s
    .createIndex('blade_client_order_no')
    .on('blade_client_product_order')
    .columns(['tenant_id', 'order_no'])
    .unique()
    .execute();
  // Not a live index: an outOrderNo names one order of its app for ever.
  await s
    .createIndex('blade_client_order_out_no')
    .on('blade_client_product_order')
    .columns(['app_id', 'out_order_no'])
    .unique()
    .execute();
  await index('blade_client_product_order', 'blade_client_order_list', [
    'tenant_id',
    'is_deleted',
    'create_time',
  ]);
  await index('blade_client_product_order', 'blade_client_order_app', [
    'tenant_id',
    'app_id',
    'create_time',
  ]);
  await index('blade_client_product_order', 'blade_client_order_state', [
    'tenant_id',
    'state',
    'create_time',
  ]);

  await createEngineTable(db, 'blade_client_return_order', { scope: 'tenant' }, (t) =>
    t
      .addColumn('return_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('out_order_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)')
      .addColumn('sup_return_id', 'varchar(32)')
      // 'returned' | 'failed'
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('fail_reason', 'varchar(500)')
      .addColumn('finish_time', 'varchar(19)'),
  );
  await s
    .createIndex('blade_client_return_no')
    .on('blade_client_return_order')
    .columns(['tenant_id', 'return_no'])
    .unique()
    .execute();
  await index('blade_client_return_order', 'blade_client_return_list', [
    'tenant_id',
    'is_deleted',
    'create_time',
  ]);
  await index('blade_client_return_order', 'blade_client_return_of', ['tenant_id', 'order_id']);

  await createEngineTable(db, 'blade_place_order_fail', { scope: 'tenant', versioned: true }, (t) =>
    t
      .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
      .addColumn('out_order_no', 'varchar(64)', (c) => c.notNull())
      .addColumn('client_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('product_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('quantity', 'integer', (c) => c.notNull())
      .addColumn('amount', 'bigint', (c) => c.notNull())
      .addColumn('fail_reason', 'varchar(500)')
      // placeOrderFailLifecycle: open -> closed | resent | reissued
      .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('open'))
      .addColumn('handle_user', 'varchar(32)')
      .addColumn('handle_time', 'varchar(19)')
      .addColumn('handle_remark', 'varchar(500)'),
  );
  await index('blade_place_order_fail', 'blade_place_order_fail_list', [
    'tenant_id',
    'is_deleted',
    'state',
    'create_time',
  ]);
  await index('blade_place_order_fail', 'blade_place_order_fail_of', ['tenant_id', 'order_id']);

  // Open API nonces: single use per app within the timestamp window (then swept).
  await s
    .createTable('blade_open_api_nonce')
    .addColumn('app_key', 'varchar(32)', (c) => c.notNull())
    .addColumn('nonce', 'varchar(64)', (c) => c.notNull())
    .addColumn('seen_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('blade_open_api_nonce_pk', ['app_key', 'nonce'])
    .execute();
  await index('blade_open_api_nonce', 'blade_open_api_nonce_seen', ['seen_at']);

  // Fixed-window counters for limits that hold across processes (lib/shared-rate-limit.ts).
  await s
    .createTable('blade_rate_window')
    .addColumn('bucket', 'varchar(200)', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('blade_rate_window_pk', ['bucket', 'window_start'])
    .execute();
  await index('blade_rate_window', 'blade_rate_window_start', ['window_start']);

  // Callbacks to apps: one row per event, delivered until acknowledged (callback/outbox.ts).
  await s
    .createTable('blade_callback_outbox')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('tenant_id', 'varchar(12)', (c) => c.notNull())
    .addColumn('event_id', 'varchar(40)', (c) => c.notNull().unique())
    .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('order_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('order_no', 'varchar(32)', (c) => c.notNull())
    .addColumn('out_order_no', 'varchar(64)', (c) => c.notNull())
    // 'order.success' | 'order.failed' | 'order.returned'
    .addColumn('event_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // 'pending' | 'delivered' | 'failed' (gave up after the last attempt)
    .addColumn('state', 'varchar(16)', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Epoch ms: when it is due, and until when a worker holds it.
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('claimed_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'varchar(500)')
    .addColumn('delivered_time', 'varchar(19)')
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await index('blade_callback_outbox', 'blade_callback_outbox_due', ['state', 'next_attempt_at']);
  await index('blade_callback_outbox', 'blade_callback_outbox_app', [
    'tenant_id',
    'app_id',
    'create_time',
  ]);
  await index('blade_callback_outbox', 'blade_callback_outbox_order', ['tenant_id', 'order_id']);

  // Each delivery attempt, for the app's screen.
  await s
    .createTable('blade_callback_attempt')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('outbox_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('error', 'varchar(500)')
    .addColumn('duration_ms', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await index('blade_callback_attempt', 'blade_callback_attempt_of', ['outbox_id', 'attempt']);
}

export async function down(): Promise<void> {
  throw new Error('not reversible');
}
