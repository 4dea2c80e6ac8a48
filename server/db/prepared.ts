import type { CompiledQuery, Insertable, Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * A query built and compiled once, then run with new values: for the few queries every order
 * runs (issue 27: the open API's place-order runs about 30).
 *
 * Kysely builds a query as an immutable tree, passes it through each plugin (two whole-tree
 * copies: camelCase and live-rows-plugin.ts) and compiles it to SQL, every time it runs: on the
 * order path that was a third of the server's CPU, more than SQLite itself. A prepared query
 * does that once per dialect; each run only puts its values in the parameter list and executes
 * (the plugins still turn the rows' column names into camelCase). Written like any Kysely query,
 * with `arg('name')` where a value comes in:
 *
 *   const appByKey = prepared<{ appKey: string }>()((db, arg) =>
 *     db.selectFrom('bladePsclientApp').selectAll().where('appKey', '=', arg('appKey')));
 *   const app = await appByKey.first(trx, { appKey });
 *
 * An argument stands for one value: not a list (`in`), an identifier or SQL text.
 */

class Arg {
  constructor(readonly name: string) {}
}

type Compilable<R> = { compile(): CompiledQuery<R> };
type ArgOf<A> = <K extends keyof A & string>(name: K) => A[K];

interface Compiled {
  query: CompiledQuery;
  /** Per parameter: the argument's name, or the constant the query was built with. */
  slots: (string | { value: unknown })[];
}

export interface PreparedQuery<A, R> {
  /** Every row. */
  all(db: Kysely<DB>, args: A): Promise<R[]>;
  /** The first row, if any. */
  first(db: Kysely<DB>, args: A): Promise<R | undefined>;
  /** Rows and how many rows an insert, update or delete changed. */
  run(db: Kysely<DB>, args: A): Promise<{ rows: R[]; changed: number }>;
}

/** `prepared<Args>()(build)`: the arguments' types first, the rows' type from the query. */
export function prepared<A extends Record<string, unknown>>() {
  return <R>(build: (db: Kysely<DB>, arg: ArgOf<A>) => Compilable<R>): PreparedQuery<A, R> => {
    // One compilation per dialect (the adapter's class: SQLite and PostgreSQL differ in SQL).
    const compiled = new Map<unknown, Compiled>();
    const compiledFor = (db: Kysely<DB>): Compiled => {
      const dialect = db.getExecutor().adapter.constructor;
      let entry = compiled.get(dialect);
      if (!entry) {
        const query = build(db, ((name: string) => new Arg(name)) as ArgOf<A>).compile();
        const slots = query.parameters.map((p) => (p instanceof Arg ? p.name : { value: p }));
        entry = { query: query as CompiledQuery, slots };
        compiled.set(dialect, entry);
      }
      return entry;
    };
    const run = async (db: Kysely<DB>, args: A) => {
      const { query, slots } = compiledFor(db);
      const parameters = slots.map((s) => (typeof s === 'string' ? args[s] : s.value));
      const result = await db.executeQuery<R>({ ...query, parameters });
      return { rows: result.rows, changed: Number(result.numAffectedRows ?? 0) };
    };
    return {
      run,
      all: async (db, args) => (await run(db, args)).rows,
      first: async (db, args) => (await run(db, args)).rows[0],
    };
  };
}

/**
 * An insert of one row into `table`, prepared per set of columns (a row's keys: the callers of
 * the hot path always write the same ones), so no column list is written out twice.
 */
export function preparedInsert<T extends keyof DB & string>(table: T) {
  const byColumns = new Map<string, PreparedQuery<Record<string, unknown>, unknown>>();
  return {
    run(db: Kysely<DB>, row: Insertable<DB[T]>) {
      const values = row as Record<string, unknown>;
      const columns = Object.keys(values);
      const key = columns.join(',');
      let insert = byColumns.get(key);
      if (!insert) {
        insert = prepared<Record<string, unknown>>()((db, arg) =>
          db.insertInto(table).values(Object.fromEntries(columns.map((c) => [c, arg(c)])) as never),
        );
        byColumns.set(key, insert);
      }
      return insert.run(db, values);
    },
  };
}
