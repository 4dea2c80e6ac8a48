import type { CommandGroup, PaletteCommand } from './commands';
import { buildIndex, createRanker, type Ranked, type RankOptions } from './ranking';
import { commandRows, GROUP_CAP, type Found, type Row } from './rows';

/*
 * The root page's rows, from the query: what the palette host renders and what the
 * keystroke-to-paint bench (tests/bench/palette-harness) measures. A group shows its first
 * GROUP_CAP results and a "show more (n)" row, so each group is ranked with that limit: the
 * ranking then skips the fuzzy quality and the full sort of everything that cannot be shown,
 * and reports how many matched for the "more" row. Any new query folds the groups again
 * (palette-host.tsx), so only a group the user expanded is ranked whole.
 */

/** One group's commands and their ranking (incremental while typing forward). */
export interface Source {
  readonly items: readonly PaletteCommand[];
  rank(query: string, options?: RankOptions): Ranked<PaletteCommand>[];
}

/** Indexes `items` (once: buildIndex is the expensive part) for ranking as the user types. */
export function commandSource(items: readonly PaletteCommand[]): Source {
  return { items, rank: createRanker(buildIndex(items)) };
}

export interface RootSources {
  screens: Source;
  /** The visible screen's commands first, then the shell's and the held buttons. */
  actions: readonly Source[];
  tabs: Source;
  scopes: Source;
}

export interface RootQuery {
  /** What to search for, without a scope prefix. */
  term: string;
  /** `>` searches commands only, `t:` open tabs only. */
  scope?: 'commands' | 'tabs' | undefined;
  expanded: ReadonlySet<CommandGroup>;
  recency: ReadonlyMap<string, number>;
  /** The empty palette's recently run commands, most recent first. */
  recent: readonly PaletteCommand[];
}

/** The empty palette lists its search scopes right after what was used last. */
const BLANK_ORDER: readonly CommandGroup[] = ['recent', 'scopes', 'screens', 'actions', 'tabs'];

function blankFound(sources: readonly Source[], limit: number | undefined): Found {
  let total = 0;
  const items: PaletteCommand[] = [];
  for (const source of sources) {
    total += source.items.length;
    const room = limit === undefined ? source.items.length : limit - items.length;
    for (let i = 0; i < room && i < source.items.length; i++) items.push(source.items[i]!);
  }
  return { items, total };
}

/** A group's best results (up to `limit`) over its sources, merged by score. */
function rankedFound(
  sources: readonly Source[],
  term: string,
  limit: number | undefined,
  recency: ReadonlyMap<string, number>,
): Found {
  let total = 0;
  const lists: Ranked<PaletteCommand>[][] = [];
  // Ties between sources go to the shell's commands (the last source), as they always did.
  for (let i = sources.length - 1; i >= 0; i--) {
    const stats = { matched: 0 };
    lists.push(
      sources[i]!.rank(term, { recency, stats, ...(limit === undefined ? {} : { limit }) }),
    );
    total += stats.matched;
  }
  const merged = lists.length === 1 ? lists[0]! : lists.flat().sort((a, b) => b.score - a.score);
  const shown = limit === undefined ? merged : merged.slice(0, limit);
  return { items: shown.map((r) => r.item), total };
}

/** The rows of the palette's root page for a query (record look-ups aside). */
export function rootRows(sources: RootSources, q: RootQuery): Row[] {
  const blank = q.term.trim() === '';
  const group = (name: CommandGroup, list: readonly Source[]): Found => {
    const limit = q.expanded.has(name) ? undefined : GROUP_CAP[name];
    return blank ? blankFound(list, limit) : rankedFound(list, q.term, limit, q.recency);
  };
  if (q.scope === 'commands')
    return commandRows({ actions: group('actions', sources.actions) }, q.expanded);
  if (q.scope === 'tabs') return commandRows({ tabs: group('tabs', [sources.tabs]) }, q.expanded);
  const groups = {
    screens: group('screens', [sources.screens]),
    actions: group('actions', sources.actions),
    tabs: group('tabs', [sources.tabs]),
    scopes: group('scopes', [sources.scopes]),
  };
  if (blank) return commandRows({ recent: q.recent, ...groups }, q.expanded, BLANK_ORDER);
  return commandRows(groups, q.expanded);
}
