import { sql, type Kysely } from 'kysely';

/**
 * One-time passwords (issue 15 item 6). An administrator's reset gives a random password that
 * must be changed at the next login and stops working at `password_expires_at` (epoch
 * seconds; null = the password does not expire). The seeded parameter account.initPassword
 * (the fixed Quanyi@123 every reset used to set) is no longer read: its seeded rows go.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_user').addColumn('password_expires_at', 'bigint').execute();
  await sql`update blade_param set is_deleted = 1
    where param_key = 'account.initPassword' and param_value = 'Quanyi@123'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blade_user').dropColumn('password_expires_at').execute();
}
