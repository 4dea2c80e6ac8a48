import { GROUPS, type CommandGroup, type PaletteCommand } from './commands';
import type { RecordHit, RecordLookup } from './record-lookup';

/** One line of the palette's (virtualised) list. */
export type Row =
  /** `label`: a look-up's own heading (plain text's records, one group per look-up). */
  | { kind: 'header'; key: string; group: CommandGroup; label?: string }
  | { kind: 'command'; key: string; group: CommandGroup; command: PaletteCommand }
  | { kind: 'hit'; key: string; lookup: RecordLookup; hit: RecordHit }
  | { kind: 'more'; key: string; group: CommandGroup; hidden: number };

export type SelectableRow = Exclude<Row, { kind: 'header' }>;

/** Results shown per group before "show more" (records come from the server, capped there). */
export const GROUP_CAP: Record<CommandGroup, number> = {
  recent: 5,
  screens: 8,
  actions: 6,
  tabs: 8,
  scopes: 8,
  records: 20,
};

/** One group's results: the first ones (at least what its cap shows) and how many matched. */
export interface Found {
  items: readonly PaletteCommand[];
  total: number;
}

/**
 * The rows of the list: a header per non-empty group, its first results up to the cap and a
 * "show more (n)" row, or every result once the group is expanded (the list is virtualised, so
 * even 100,000 rows stay cheap).
 */
export function commandRows(
  groups: Partial<Record<CommandGroup, readonly PaletteCommand[] | Found>>,
  expanded: ReadonlySet<CommandGroup>,
  order: readonly CommandGroup[] = GROUPS,
): Row[] {
  const rows: Row[] = [];
  for (const group of order) {
    const found = groups[group];
    if (!found) continue;
    const items = 'total' in found ? found.items : found;
    const total = 'total' in found ? found.total : found.length;
    if (total === 0) continue;
    rows.push({ kind: 'header', key: `header:${group}`, group });
    const shown = Math.min(items.length, expanded.has(group) ? total : GROUP_CAP[group]);
    for (let i = 0; i < shown; i++) {
      const command = items[i]!;
      rows.push({ kind: 'command', key: `${group}:${command.id}`, group, command });
    }
    if (shown < total)
      rows.push({ kind: 'more', key: `more:${group}`, group, hidden: total - shown });
  }
  return rows;
}

export function hitRows(lookup: RecordLookup, hits: readonly RecordHit[]): Row[] {
  if (hits.length === 0) return [];
  return [
    { kind: 'header', key: 'header:records', group: 'records' },
    ...hits.map((hit): Row => ({ kind: 'hit', key: `hit:${lookup.scope}:${hit.id}`, lookup, hit })),
  ];
}

/** Hits per look-up that plain text lists; its prefix lists them all. */
export const PLAIN_HITS_CAP = 5;

/**
 * Plain text's records, after every command group: one heading per look-up (its label, in the
 * UI language) and its first hits.
 */
export function plainHitRows(
  groups: readonly { lookup: RecordLookup; hits: readonly RecordHit[] }[],
  label: (lookup: RecordLookup) => string,
): Row[] {
  return groups.flatMap(({ lookup, hits }): Row[] => [
    {
      kind: 'header',
      key: `header:records:${lookup.scope}`,
      group: 'records',
      label: label(lookup),
    },
    ...hits
      .slice(0, PLAIN_HITS_CAP)
      .map((hit): Row => ({ kind: 'hit', key: `hit:${lookup.scope}:${hit.id}`, lookup, hit })),
  ]);
}

export function isSelectable(row: Row): row is SelectableRow {
  return row.kind !== 'header';
}

/**
 * The selectable row `step` places away from `fromKey` (wrapping), or the first one when the
 * key is gone. Disabled commands can be selected (they explain themselves) but not run.
 */
export function moveSelection(rows: readonly Row[], fromKey: string | undefined, step: number) {
  const keys = rows.filter(isSelectable).map((r) => r.key);
  if (keys.length === 0) return undefined;
  const at = fromKey === undefined ? -1 : keys.indexOf(fromKey);
  if (at === -1) return step >= 0 ? keys[0] : keys[keys.length - 1];
  return keys[(((at + step) % keys.length) + keys.length) % keys.length];
}
