/**
 * What the table, its cells and the declared actions share: a row, and a row button of a
 * declared action. Kept apart so cells.tsx and resource-actions.tsx need not import the table
 * (which imports them).
 */

/** A list row as the server answers it. */
export type Row = Record<string, unknown>;

/** A row button of a declared action, as the table's operations column draws it. */
export interface ExtraRowAction {
  id: string;
  label: string;
  color?: string | undefined;
  when?: ((row: Row) => boolean) | undefined;
  run(row: Row): void;
}
