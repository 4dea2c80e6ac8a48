import type { ApiRequest } from '../api/client';
import type { MessageKey } from '../i18n';

/**
 * Record look-ups of the command palette: a query prefix (`u:` users, `o:` orders, `c:` coupon
 * codes, `s:` suppliers, `g:` goods) searches one resource; plain text asks those with `plain`.
 * A resource adds its look-up with one `RecordLookup` declaration listed in `lookups/index.ts`;
 * the palette does the rest (debounce, cancelling, RTK Query caching, permission check, the
 * record's action page).
 */
export interface RecordHit {
  id: string;
  /** Main text, e.g. the account and real name. Rendered as text, never HTML. */
  title: string;
  /**
   * Second line, e.g. the department or a masked phone; in both languages when it names
   * something the console translates (an order's state: its lifecycle's label).
   */
  subtitle?: string | Readonly<{ zh: string; en: string }>;
}

/** What look-up code may do when a record is chosen or one of its actions runs. */
export interface LookupContext {
  navigate(to: string): void;
  lang: 'zh' | 'en';
  /** What had focus before the palette opened: a drawer the look-up opens returns it there. */
  opener?: HTMLElement | null;
  /** One call through the console's API client (auth headers, envelope, errors). */
  request<T>(args: ApiRequest): Promise<T>;
  /** Whether the user holds a menu or button code (absent: treat every code as held). */
  holds?(code: string): boolean;
  /**
   * For an action that opens a dialog of its own: the palette then leaves focus alone, and the
   * answer is where the dialog should give focus back (what had it before the palette opened).
   */
  takeFocus?(): HTMLElement | null;
}

/** The codes any of which registers a look-up. */
export const lookupCodes = (lookup: Pick<RecordLookup, 'permission' | 'alsoFor'>) => [
  lookup.permission,
  ...(lookup.alsoFor ?? []),
];

export interface RecordAction {
  id: string;
  /** A message key, like every text below (the palette translates it). */
  label: MessageKey;
  /** Button code the user must hold; actions without it are hidden (or shown disabled). */
  permission?: string;
  /**
   * Asked before running (`{title}` is replaced by the record's title). Without it the action
   * runs at once. Confirmed actions report failures inside the palette.
   */
  confirm?: MessageKey;
  /** Shown as a toast after a confirmed action succeeded. */
  done?: MessageKey;
  /** Offered only for records it applies to (e.g. 退款 where the order's state allows it). */
  when?(hit: RecordHit): boolean;
  run(hit: RecordHit, context: LookupContext): void | Promise<void>;
}

/**
 * How plain text (no scope prefix) asks a look-up (issue 25 item 13): its hits are listed after
 * the screens and actions.
 */
export interface PlainLookup {
  /**
   * Whether the text could name such a record: a look-up that cannot match it is not asked (a
   * word is not sent to the coupon code look-up).
   */
  accepts(term: string): boolean;
  /** One request at most (plain text asks every look-up at once); default: `search`. */
  search?(term: string, context: Pick<LookupContext, 'request'>): Promise<RecordHit[]>;
}

export interface RecordLookup {
  /** The prefix before ':' in the palette input, lowercase letters. */
  scope: string;
  /** What it searches, e.g. 'palette.users.label' (用户 / Users). */
  label: MessageKey;
  /** Menu or button code of the resource's list; without it the look-up is not registered. */
  permission: string;
  /**
   * Further codes any of which registers the look-up too (a second screen listing the same
   * records, e.g. coupon codes on the batch and the tracing screens); `open` then asks
   * `context.holds` which screen to go to.
   */
  alsoFor?: readonly string[];
  /** Hits for a non-empty term. Called through RTK Query, so equal terms are served from cache. */
  search(term: string, context: Pick<LookupContext, 'request'>): Promise<RecordHit[]>;
  /** Choosing a record: its detail drawer or its screen filtered to it. */
  open(hit: RecordHit, context: LookupContext): void;
  /** The record's page in the palette (after →/Tab on a hit): its permitted actions. */
  actions?: readonly RecordAction[];
  /** Asked by plain text too (without it only its prefix searches it). */
  plain?: PlainLookup;
}
