import { translate, type Lang, type MessageKey } from '../i18n';
import type { PaletteCommand } from './commands';
import type { RecordLookup } from './record-lookup';

/*
 * The palette's search scopes: a prefix typed first narrows what the query searches. The list
 * is made from the record look-ups registry (lookups/index.ts), so a look-up added there (`s:`
 * suppliers, `o:` orders, `c:` coupon codes) is listed by the empty palette and the shortcut
 * sheet without another change; `>` (commands) and `t:` (open tabs) are the palette's own.
 */

export type ScopeKind = 'records' | 'commands' | 'tabs';

export interface PaletteScope {
  /** What is typed: 'u:', '>', 't:'. */
  prefix: string;
  kind: ScopeKind;
  /** The code a user needs for the scope (a look-up's list); none for the palette's own. */
  permission?: string;
  /** Further codes any of which also allows the scope (`RecordLookup.alsoFor`). */
  alsoFor?: readonly string[];
  /** The record look-up behind a `records` scope. */
  lookup?: RecordLookup;
}

export const COMMANDS_PREFIX = '>';
/** Scope letters the palette keeps for itself: no record look-up may use them. */
export const RESERVED_SCOPES: ReadonlySet<string> = new Set(['t']);

/** Every scope, in the order the palette lists them: record look-ups, then `>` and `t:`. */
export function paletteScopes(lookups: readonly RecordLookup[]): PaletteScope[] {
  return [
    ...lookups
      .filter((l) => !RESERVED_SCOPES.has(l.scope))
      .map((l): PaletteScope => ({
        prefix: `${l.scope}:`,
        kind: 'records',
        permission: l.permission,
        ...(l.alsoFor ? { alsoFor: l.alsoFor } : {}),
        lookup: l,
      })),
    { prefix: COMMANDS_PREFIX, kind: 'commands' },
    { prefix: 't:', kind: 'tabs' },
  ];
}

/** What a scope searches, in `lang`: "搜索用户", "只搜索命令", "搜索已打开的标签页". */
export function scopeLabel(scope: PaletteScope, lang: Lang): string {
  if (scope.lookup)
    return translate(lang, 'palette.scope.records', {
      label: translate(lang, scope.lookup.label),
    });
  const key: MessageKey =
    scope.kind === 'commands' ? 'palette.scope.commands' : 'palette.scope.tabs';
  return translate(lang, key);
}

/**
 * The scope a query starts with and the rest of it: "u: 张三" -> users, "张三"; "> lock" ->
 * commands, "lock"; a full-width colon counts (Chinese input). Undefined: no known prefix.
 */
export function parseScope(
  query: string,
  scopes: readonly PaletteScope[],
): { scope: PaletteScope; term: string } | undefined {
  const text = query.trimStart();
  if (text.startsWith(COMMANDS_PREFIX)) {
    const scope = scopes.find((s) => s.kind === 'commands');
    return scope && { scope, term: text.slice(COMMANDS_PREFIX.length).trim() };
  }
  const match = /^([a-z]+)\s*[:：]\s*(.*)$/is.exec(text);
  if (!match) return undefined;
  const prefix = `${match[1]!.toLowerCase()}:`;
  const scope = scopes.find((s) => s.prefix === prefix);
  return scope && { scope, term: match[2]!.trim() };
}

/** The empty palette's scope rows: choosing one types its prefix. */
export function scopeCommands(scopes: readonly PaletteScope[]): PaletteCommand[] {
  return scopes.map((scope) => ({
    id: `scope:${scope.prefix}`,
    group: 'scopes',
    label: { zh: scopeLabel(scope, 'zh'), en: scopeLabel(scope, 'en') },
    keywords: [scope.prefix, 'search', 'find', 'sousuo', 'scope'],
    // A scope several codes allow is offered as is: the palette lists only permitted look-ups.
    ...(scope.permission && !scope.alsoFor ? { permission: scope.permission } : {}),
    perform: { kind: 'prefix', prefix: scope.prefix },
  }));
}
