import { openDatabase, migrate } from './server/db/database';
import { prepared } from './server/db/prepared';
const d = await openDatabase({ sqliteFile: ':memory:' });
await migrate(d.db);
await d.db.insertInto('bladeOpenApiNonce').values({ appKey: 'k', nonce: 'n', seenAt: 1 }).execute();
const q = prepared<{ appKey: string; nonce: string }>()((db, arg) => db.selectFrom('bladeOpenApiNonce').selectAll().where('appKey', '=', arg('appKey')).where('nonce', '=', arg('nonce')));
const N = 50000;
for (let round = 0; round < 3; round++) {
  let t = performance.now();
  for (let i = 0; i < N; i++) await q.first(d.db, { appKey: 'k', nonce: 'n' });
  const viaKysely = (performance.now() - t) / N * 1000;
  t = performance.now();
  await d.db.transaction().execute(async (trx) => { for (let i = 0; i < N; i++) await q.first(trx, { appKey: 'k', nonce: 'n' }); });
  const inTrx = (performance.now() - t) / N * 1000;
  const SQLite = (await import('better-sqlite3')).default;
  t = performance.now();
  let n = 0;
  for (let i = 0; i < 20; i++) { await d.db.transaction().execute(async () => { n++; }); }
  const txCost = (performance.now() - t) / 20 * 1000;
  console.log(`kysely prepared ${viaKysely.toFixed(1)} us, in trx ${inTrx.toFixed(1)} us, empty tx ${txCost.toFixed(1)} us`);
}
{
  const SQLite = (await import('better-sqlite3')).default;
  const s = new SQLite(':memory:');
  s.exec('create table blade_open_api_nonce (app_key text, nonce text, seen_at int, primary key(app_key, nonce))');
  s.prepare('insert into blade_open_api_nonce values (?,?,?)').run('k','n',1);
  const st = s.prepare('select * from blade_open_api_nonce where app_key = ? and nonce = ?');
  let t = performance.now();
  for (let i = 0; i < N; i++) st.get('k', 'n');
  console.log('raw get', ((performance.now() - t) / N * 1000).toFixed(1));
  t = performance.now();
  for (let i = 0; i < N; i++) st.all(['k', 'n']);
  console.log('raw all', ((performance.now() - t) / N * 1000).toFixed(1));
}
