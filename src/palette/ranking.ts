/**
 * Ranking of the command palette (cmdk runs with `shouldFilter={false}`; this module decides what
 * matches and in which order). Pure and synchronous: no React, no store.
 *
 * What a query can match, per item: the zh label, the en label and every keyword. A field that
 * contains hanzi is searched as hanzi, as full pinyin ("gongyingshang") and as initials ("gys");
 * a field without hanzi is searched as lowercase English words. The query is lowercased and
 * trimmed; spaces (and punctuation) are ignored against hanzi and pinyin, while for English a
 * space separates words.
 *
 * Tiers, best first (the `tier` of a result is the best one over all of its fields):
 * - exact: a whole field equals the query (hanzi, full pinyin, initials or English);
 * - prefix: a field starts with the query, including mixed input consumed from the first
 *   character (see below) and English words that each start a word, in order, from the first
 *   ("exp sup" in "Export suppliers");
 * - word: the query starts at a word boundary of English text, at a syllable of the pinyin
 *   ("shang", "yingshang" in 供应商), at the start of a segment of a breadcrumb
 *   ("系统管理/用户管理" and "用户"), or the query's words each start a word, in order
 *   ("sup man" in "Add supplier manager");
 * - substring: contiguous anywhere in the hanzi, the initials or English text ("商", "ys");
 * - fuzzy: the query, in order but with gaps, in a label's hanzi, initials, full pinyin or English
 *   text; the tighter the span the better. Keywords never match fuzzily (too noisy).
 * Pinyin that starts inside a syllable ("ongying") is deliberately not a substring match.
 *
 * Mixed input: the query is consumed against consecutive characters, each hanzi as itself, its
 * whole syllable or its initial (one letter, or zh/ch/sh), the last one also as any prefix of its
 * syllable: "供应shang", "供ys", "gong应", "xinzenggys" all find 供应商/新增供应商. From the first
 * character that is the prefix tier; from a later one the word tier, except the two things the
 * spec files as substrings: bare hanzi ("应商") and two or more bare initials ("ys").
 *
 * Score = tier base (exact 4, prefix 3, word 2, substring 1, fuzzy 0)
 *       + fuzzy tightness (fuzzy only: 0.5 * query length / matched span, at most 0.5)
 *       - 0.25 when only a keyword matched at that tier (a breadcrumb hit ranks below the same
 *         hit in a visible label, still above the next tier down)
 *       + recency boost (1.25 * 2^(-age / 3 days); 0 for items never run).
 * The boost can reorder any tier and lift an item over the unboosted best of the next tier up
 * (boost > 1, i.e. used within the last ~23 hours), but a fuzzy match tops out at 1.75, below
 * every prefix or exact match (at least 2.75) and every word match in a label. Ties: shorter label first (the label in the language that
 * matched; the zh label for keyword matches), then the original order.
 *
 * Performance: everything per item is precomputed once in buildIndex() into flat arrays, with
 * identical fields (breadcrumbs repeat across commands) stored and evaluated once per keystroke;
 * a keystroke allocates nothing per item. Character masks reject most fields before any string
 * work, and answer a one-letter query (the first keystroke) on their own. createRanker() keeps
 * the match sets of the prefixes typed so far, so a keystroke that extends the query (or a
 * backspace back to one of them) only re-tests those. That is sound because matching is
 * monotone: every rule above still matches when the query loses characters at its end.
 */
import { isHanziReading, syllables } from './pinyin';

export interface Searchable {
  id: string;
  label: { zh: string; en: string };
  /** Extra words that should find the item (zh or en), e.g. the breadcrumb path or synonyms. */
  keywords?: readonly string[];
}

export type MatchTier = 'exact' | 'prefix' | 'word' | 'substring' | 'fuzzy';

export interface Ranked<T> {
  item: T;
  score: number;
  tier: MatchTier;
}

export interface SearchIndex<T extends Searchable> {
  readonly items: readonly T[];
  /** Precomputed fields; internal to this module (the layout may change). */
  readonly data: IndexData;
}

export interface RankOptions {
  /** id -> last time (ms) the user ran it; more recent ranks higher among equal matches and gets a boost. */
  recency?: ReadonlyMap<string, number>;
  now?: number;
  /** Stop after this many results (default: all). */
  limit?: number;
  /** Filled with the number of matches before the limit (for "show more (n)"). */
  stats?: { matched: number };
}

const EXACT = 4;
const PREFIX = 3;
const WORD = 2;
const SUBSTRING = 1;
const FUZZY = 0;
const NONE = -1;
const TIER_NAMES: readonly MatchTier[] = ['fuzzy', 'substring', 'word', 'prefix', 'exact'];

/** Maximum recency boost; above 1 so a just-used item can overtake the next tier's best. */
export const RECENCY_MAX_BOOST = 1.25;
/** The boost halves every three days. */
export const RECENCY_HALF_LIFE_MS = 3 * 24 * 60 * 60 * 1000;
const FUZZY_MAX_QUALITY = 0.5;
/** A match found only in a keyword ranks below the same tier found in a label. */
export const KEYWORD_PENALTY = 0.25;

/** Field kind bits. */
const F_HAN = 1;
const F_LABEL = 2; // zh or en label: may match fuzzily
const F_EN = 4; // the en label: ties use the en label's length
const F_SHARED = 8; // used by more than one item: evaluated once per keystroke

/** Character bits (hanzi fields). */
const C_HAN = 1; // has a pinyin reading
const C_SEGMENT = 2; // first character, or first after a separator (space, '/', '>', ...)
const C_RUN = 4; // latin/digit character right after a hanzi: a word start inside mixed text

/** Longest text indexed per field; longer keywords are cut (they only need to be findable). */
const MAX_FIELD_CHARS = 512;
/** Mixed-input consumption only for queries and fields up to these lengths (bounds the memo). */
const MAX_CONSUME_QUERY = 48;
const MAX_CONSUME_CHARS = 160;

const HAN_RE = /\p{Script=Han}/u;
const NON_HAN_RE = /[^\p{Script=Han}]/u;
const SEPARATOR_RE = /[\s\p{P}\p{S}]/u;
const SEPARATORS_G = /[\s\p{P}\p{S}]+/gu;

/**
 * Flat, struct-of-arrays view of the index: one entry per item, per distinct field (items point
 * at fields, so a breadcrumb shared by many commands is stored once) and per character of a
 * hanzi field.
 */
export interface IndexData {
  readonly count: number;
  readonly idToIndex: ReadonlyMap<string, number>;
  /** Item -> charBit() mask of everything searchable in it. */
  readonly itemMask: Int32Array;
  /** Item -> its fields: itemFields[itemField[i] .. itemField[i + 1]). */
  readonly itemField: Int32Array;
  readonly itemFields: Int32Array;
  /** Item -> label lengths in code points (ties). */
  readonly zhLen: Uint16Array;
  readonly enLen: Uint16Array;
  readonly fieldKind: Uint8Array;
  /** Hanzi field: compact lowercase text (separators removed). English field: lowercase text, single spaces. */
  readonly fieldText: readonly string[];
  /** Hanzi field only: concatenated syllables, and initials (one unit per character). */
  readonly fieldFull: readonly string[];
  readonly fieldIni: readonly string[];
  /** charBit() masks of the field's text, full pinyin and initials. */
  readonly maskText: Int32Array;
  readonly maskFull: Int32Array;
  readonly maskIni: Int32Array;
  /** charBit() of the first unit of the text, the full pinyin (= the initials). */
  readonly maskFirst: Int32Array;
  /**
   * charBit() of the first units where a word-tier match may start after the first character:
   * hanzi field: every hanzi and its syllable, segment and latin-run starts; English field: the
   * first letter of every word after the first.
   */
  readonly maskStart: Int32Array;
  /** Hanzi field -> characters [fieldChar[f], fieldChar[f + 1]). */
  readonly fieldChar: Int32Array;
  /** Character -> offset of the character in fieldText and of its syllable in fieldFull. */
  readonly charText: Uint16Array;
  readonly charFull: Uint16Array;
  readonly charFlags: Uint8Array;
  /** Per-keystroke scratch (reused, so a keystroke allocates nothing per item). */
  readonly scratch: Scratch;
}

interface Scratch {
  matchItem: Int32Array;
  matchTier: Int8Array;
  matchLen: Uint16Array;
  score: Float64Array;
  boost: Float64Array;
  /** Tier of a shared field for the current query, valid where fieldStamp == the query's stamp. */
  fieldTier: Int8Array;
  fieldStamp: Int32Array;
  stamp: number;
}

// ---------------------------------------------------------------------------------------------
// Building

class Growable<A extends Uint8Array | Uint16Array | Int32Array> {
  length = 0;
  constructor(
    public buf: A,
    private readonly make: (n: number) => A,
  ) {}
  push(v: number): void {
    if (this.length === this.buf.length) {
      const next = this.make(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = v;
  }
  done(): A {
    return this.buf.slice(0, this.length) as A;
  }
}

const u8 = (n: number): Uint8Array => new Uint8Array(n);
const u16 = (n: number): Uint16Array => new Uint16Array(n);
const i32 = (n: number): Int32Array => new Int32Array(n);

/** Mask bit of a UTF-16 unit: a-z one bit each, digits share one, anything else hashes into five. */
function charBit(code: number): number {
  if (code >= 97 && code <= 122) return 1 << (code - 97);
  if (code >= 48 && code <= 57) return 1 << 26;
  if (code === 32 || code !== code) return 0; // space, or charCodeAt past the end (NaN)
  return 1 << (27 + (code % 5));
}

function maskOf(s: string): number {
  let mask = 0;
  for (let i = 0; i < s.length; i++) mask |= charBit(s.charCodeAt(i));
  return mask;
}

function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff) n++;
  }
  return n;
}

/** Lowercase, whitespace collapsed to single spaces, trimmed. */
function normalizeSpaced(s: string): string {
  return s.toLowerCase().trim().replace(/\s+/g, ' ');
}

function isWordStart(text: string, p: number): boolean {
  if (p === 0) return true;
  const c = text.charCodeAt(p - 1);
  return c < 128 && !((c >= 97 && c <= 122) || (c >= 48 && c <= 57));
}

/** Accumulates the flat arrays of an index; one instance per buildIndex() call. */
class IndexBuilder {
  readonly fieldKind = new Growable(u8(1024), u8);
  readonly fieldText: string[] = [];
  readonly fieldFull: string[] = [];
  readonly fieldIni: string[] = [];
  readonly maskText = new Growable(i32(1024), i32);
  readonly maskFull = new Growable(i32(1024), i32);
  readonly maskIni = new Growable(i32(1024), i32);
  readonly maskFirst = new Growable(i32(1024), i32);
  readonly maskStart = new Growable(i32(1024), i32);
  readonly fieldChar = new Growable(i32(1024), i32);
  readonly charText = new Growable(u16(4096), u16);
  readonly charFull = new Growable(u16(4096), u16);
  readonly charFlags = new Growable(u8(4096), u8);
  readonly itemFields = new Growable(i32(4096), i32);
  /** kind + raw text -> field, so identical fields are stored and evaluated once. */
  private readonly fields = new Map<string, number>();
  /** Pinyin-pro is the slow part of building, and words repeat. */
  private readonly readingCache = new Map<string, string[]>();

  constructor() {
    this.fieldChar.push(0);
  }

  /** Adds (or reuses) a field for the current item; returns its character mask. */
  addField(raw: string, kind: number): number {
    const key = `${String(kind)}\u0000${raw}`;
    let f = this.fields.get(key);
    if (f === undefined) {
      f = this.createField(
        raw.length > MAX_FIELD_CHARS ? raw.slice(0, MAX_FIELD_CHARS) : raw,
        kind,
      );
      this.fields.set(key, f);
    } else if (f >= 0) {
      this.fieldKind.buf[f] = this.fieldKind.buf[f]! | F_SHARED;
    }
    if (f < 0) return 0;
    this.itemFields.push(f);
    return this.maskText.buf[f]! | this.maskFull.buf[f]!;
  }

  /** Returns the new field, or -1 for a blank one. */
  private createField(text: string, kind: number): number {
    if (HAN_RE.test(text)) return this.createHanField(text, kind);
    const spaced = normalizeSpaced(text);
    if (spaced === '') return -1;
    let starts = 0;
    for (let p = 1; p < spaced.length; p++) {
      if (isWordStart(spaced, p)) starts |= charBit(spaced.charCodeAt(p));
    }
    return this.pushField(kind, spaced, '', '', charBit(spaced.charCodeAt(0)), starts);
  }

  private createHanField(text: string, kind: number): number {
    const chars = Array.from(text);
    const han: string[] = [];
    const full: string[] = [];
    const ini: string[] = [];
    let hanLength = 0;
    let fullLength = 0;
    let starts = 0;
    let segmentStart = true;
    let prevHan = false;
    let first = true;
    // Readings per run between separators, so context picks the reading of a polyphone.
    let i = 0;
    while (i < chars.length) {
      if (SEPARATOR_RE.test(chars[i]!)) {
        segmentStart = true;
        prevHan = false;
        i++;
        continue;
      }
      let end = i + 1;
      while (end < chars.length && !SEPARATOR_RE.test(chars[end]!)) end++;
      const readings = this.readings(chars.slice(i, end).join(''));
      for (let j = i; j < end; j++) {
        const ch = chars[j]!;
        const lower = ch.toLowerCase();
        const reading = readings[j - i] ?? lower;
        const isHan = isHanziReading(ch, reading) && HAN_RE.test(ch);
        const sound = isHan ? reading : lower;
        let flags = isHan ? C_HAN : 0;
        if (segmentStart) flags |= C_SEGMENT;
        else if (!isHan && prevHan) flags |= C_RUN;
        if (!first && flags !== 0) {
          starts |= charBit(lower.charCodeAt(0)) | charBit(sound.charCodeAt(0));
        }
        this.charText.push(hanLength);
        this.charFull.push(fullLength);
        this.charFlags.push(flags);
        han.push(lower);
        full.push(sound);
        ini.push(isHan ? sound.charAt(0) : lower);
        hanLength += lower.length;
        fullLength += sound.length;
        segmentStart = false;
        prevHan = isHan;
        first = false;
      }
      i = end;
    }
    const hanText = han.join('');
    const fullText = full.join('');
    const firsts = charBit(hanText.charCodeAt(0)) | charBit(fullText.charCodeAt(0));
    return this.pushField(kind | F_HAN, hanText, fullText, ini.join(''), firsts, starts);
  }

  private pushField(
    kind: number,
    text: string,
    full: string,
    ini: string,
    firsts: number,
    starts: number,
  ): number {
    const f = this.fieldText.length;
    this.fieldKind.push(kind);
    this.fieldText.push(text);
    this.fieldFull.push(full);
    this.fieldIni.push(ini);
    this.maskText.push(maskOf(text));
    this.maskFull.push(maskOf(full));
    this.maskIni.push(maskOf(ini));
    this.maskFirst.push(firsts);
    this.maskStart.push(starts);
    this.fieldChar.push(this.charFlags.length);
    return f;
  }

  private readings(run: string): string[] {
    let r = this.readingCache.get(run);
    if (r === undefined) {
      r = syllables(run);
      this.readingCache.set(run, r);
    }
    return r;
  }
}

/** Precompute everything per item once (when the menu loads), never per keystroke. */
export function buildIndex<T extends Searchable>(items: readonly T[]): SearchIndex<T> {
  const count = items.length;
  const idToIndex = new Map<string, number>();
  const itemMask = new Int32Array(count);
  const itemField = new Int32Array(count + 1);
  const zhLen = new Uint16Array(count);
  const enLen = new Uint16Array(count);
  const b = new IndexBuilder();
  for (let i = 0; i < count; i++) {
    const item = items[i]!;
    if (!idToIndex.has(item.id)) idToIndex.set(item.id, i);
    let mask = b.addField(item.label.zh, F_LABEL);
    mask |= b.addField(item.label.en, F_LABEL | F_EN);
    for (const keyword of item.keywords ?? []) mask |= b.addField(keyword, 0);
    itemMask[i] = mask;
    itemField[i + 1] = b.itemFields.length;
    zhLen[i] = Math.min(0xffff, codePointLength(item.label.zh.trim()));
    enLen[i] = Math.min(0xffff, codePointLength(item.label.en.trim()));
  }
  const fieldCount = b.fieldText.length;
  const data: IndexData = {
    count,
    idToIndex,
    itemMask,
    itemField,
    itemFields: b.itemFields.done(),
    zhLen,
    enLen,
    fieldKind: b.fieldKind.done(),
    fieldText: b.fieldText,
    fieldFull: b.fieldFull,
    fieldIni: b.fieldIni,
    maskText: b.maskText.done(),
    maskFull: b.maskFull.done(),
    maskIni: b.maskIni.done(),
    maskFirst: b.maskFirst.done(),
    maskStart: b.maskStart.done(),
    fieldChar: b.fieldChar.done(),
    charText: b.charText.done(),
    charFull: b.charFull.done(),
    charFlags: b.charFlags.done(),
    scratch: {
      matchItem: new Int32Array(count),
      matchTier: new Int8Array(count),
      matchLen: new Uint16Array(count),
      score: new Float64Array(count),
      boost: new Float64Array(count),
      fieldTier: new Int8Array(fieldCount),
      fieldStamp: new Int32Array(fieldCount),
      stamp: 0,
    },
  };
  return { items, data };
}

// ---------------------------------------------------------------------------------------------
// Query

interface Query {
  /** Lowercase, single spaces, trimmed: what English fields are matched against. */
  spaced: string;
  /** English words of the query. */
  words: readonly string[];
  /** No whitespace or punctuation: what hanzi/pinyin forms and fuzzy matching use. */
  compact: string;
  /** compact holds a hanzi / something else (pinyin letters, digits, ...). */
  hasHan: boolean;
  hasLatin: boolean;
  /** The whole query is one letter a-z (the first keystroke): answered from the masks. */
  letter: boolean;
  /** charBit() mask of compact, and of its first unit. */
  mask: number;
  firstBit: number;
}

function prepareQuery(raw: string): Query | null {
  const spaced = normalizeSpaced(raw);
  if (spaced === '') return null;
  const compact = spaced.replace(SEPARATORS_G, '');
  const c0 = compact.charCodeAt(0);
  return {
    spaced,
    words: spaced.split(' '),
    compact,
    hasHan: HAN_RE.test(compact),
    hasLatin: NON_HAN_RE.test(compact),
    letter: spaced.length === 1 && c0 >= 97 && c0 <= 122,
    mask: maskOf(compact),
    firstBit: compact === '' ? 0 : charBit(c0),
  };
}

// ---------------------------------------------------------------------------------------------
// Matching (module-level state instead of closures: the hot loop allocates nothing)

// Set for the duration of one runQuery() and released after it.
let D = null as unknown as IndexData;
let Q = null as unknown as Query;

// Consumption state (one hanzi field at a time).
let cq = '';
let cm = 0;
let cText = '';
let cFull = '';
let cFirst = 0;
let cEnd = 0;
let memo = new Int32Array(MAX_CONSUME_QUERY * (MAX_CONSUME_CHARS + 1) * 5);
let memoGen = 0;

/**
 * Consumption states, for telling word-tier mixed input from what the spec files as substrings:
 * 0 nothing yet, 1 only bare hanzi, 2 one bare initial, 3 two or more bare initials,
 * 4 anything else (a syllable or more than one letter of one, a latin run, or hanzi mixed with
 * pinyin). Accepting states for a word start inside a segment: 2 and 4.
 */
const S_ANY = 4;
const AFTER_HANZI = [1, 1, 4, 4, 4];
const AFTER_INITIAL = [2, 4, 3, 3, 4];

function accepts(s: number): boolean {
  return s === 2 || s === S_ANY;
}

/** Can cq[qi..] be consumed by the characters c.. of the current field, ending accepted? */
function consume(qi: number, c: number, s: number): boolean {
  if (qi === cm) return accepts(s);
  if (c === cEnd) return false;
  const key = (qi * (MAX_CONSUME_CHARS + 1) + (c - cFirst)) * 5 + s;
  if (memo[key] === memoGen) return false;
  const flags = D.charFlags[c]!;
  const textFrom = D.charText[c]!;
  const textTo = c + 1 < cEnd ? D.charText[c + 1]! : cText.length;
  // The character itself (a hanzi, or a latin letter / digit inside a hanzi field).
  let same = true;
  for (let k = textFrom; k < textTo; k++) {
    if (cq.charCodeAt(qi + k - textFrom) !== cText.charCodeAt(k)) {
      same = false;
      break;
    }
  }
  if (same && consume(qi + textTo - textFrom, c + 1, flags & C_HAN ? AFTER_HANZI[s]! : S_ANY)) {
    return true;
  }
  if (flags & C_HAN) {
    const from = D.charFull[c]!;
    const to = c + 1 < cEnd ? D.charFull[c + 1]! : cFull.length;
    const len = to - from;
    let k = 0;
    while (k < len && qi + k < cm && cq.charCodeAt(qi + k) === cFull.charCodeAt(from + k)) k++;
    if (k > 0) {
      if (qi + k === cm) {
        // The query ends inside (or at the end of) this syllable: the still-typed last one.
        if (accepts(k >= 2 ? S_ANY : AFTER_INITIAL[s]!)) return true;
      } else {
        if (k === len && consume(qi + len, c + 1, len >= 2 ? S_ANY : AFTER_INITIAL[s]!)) {
          return true;
        }
        if (k >= 2 && len > 2 && cFull.charCodeAt(from + 1) === 104 /* h */) {
          const c0 = cFull.charCodeAt(from);
          // zh / ch / sh typed as the initial.
          if ((c0 === 122 || c0 === 99 || c0 === 115) && consume(qi + 2, c + 1, S_ANY)) return true;
        }
        if (len > 1 && consume(qi + 1, c + 1, AFTER_INITIAL[s]!)) return true;
      }
    }
  }
  memo[key] = memoGen;
  return false;
}

function startConsuming(f: number, q: string): boolean {
  const first = D.fieldChar[f]!;
  const end = D.fieldChar[f + 1]!;
  if (q.length > MAX_CONSUME_QUERY || end - first > MAX_CONSUME_CHARS || end === first) {
    return false;
  }
  cq = q;
  cm = q.length;
  cText = D.fieldText[f]!;
  cFull = D.fieldFull[f]!;
  cFirst = first;
  cEnd = end;
  memoGen++;
  if (memoGen === 0x7fffffff) {
    memo = new Int32Array(memo.length);
    memoGen = 1;
  }
  return true;
}

/** Could the current query start at character c (first unit of the character or of its syllable)? */
function startsAt(c: number, q0: number): boolean {
  return cText.charCodeAt(D.charText[c]!) === q0 || cFull.charCodeAt(D.charFull[c]!) === q0;
}

function isSubsequence(text: string, q: string): boolean {
  const m = q.length;
  const n = text.length;
  if (m > n) return false;
  let qi = 0;
  let want = q.charCodeAt(0);
  for (let p = 0; p < n; p++) {
    if (text.charCodeAt(p) === want) {
      if (++qi === m) return true;
      want = q.charCodeAt(qi);
    }
  }
  return false;
}

/** Smallest window of `text` holding `q` as a subsequence, or -1. */
function fuzzySpan(text: string, q: string): number {
  const m = q.length;
  const n = text.length;
  if (m === 0 || m > n) return -1;
  const q0 = q.charCodeAt(0);
  let best = -1;
  let start = 0;
  for (;;) {
    let s = start;
    while (s < n && text.charCodeAt(s) !== q0) s++;
    if (s === n) break;
    let qi = 1;
    let p = s + 1;
    while (qi < m && p < n) {
      if (text.charCodeAt(p) === q.charCodeAt(qi)) qi++;
      p++;
    }
    if (qi < m) break;
    // Walk back from the end for the latest start of a window ending there.
    let b = p - 1;
    let qj = m - 1;
    while (qj >= 0) {
      if (text.charCodeAt(b) === q.charCodeAt(qj)) qj--;
      b--;
    }
    const span = p - 1 - b;
    if (best < 0 || span < best) best = span;
    if (span === m) break;
    start = b + 2;
  }
  return best;
}

function contains(mask: number, bits: number): boolean {
  return (mask & bits) === bits;
}

/**
 * Does a label field hold the query fuzzily? Hanzi queries look in the hanzi; others in the full
 * pinyin, which also holds the initials and the field's own latin characters as subsequences.
 */
function fuzzyMember(f: number, kind: number): boolean {
  const q = Q.compact;
  if (kind & F_HAN) {
    return Q.hasHan
      ? contains(D.maskText[f]!, Q.mask) && isSubsequence(D.fieldText[f]!, q)
      : contains(D.maskFull[f]!, Q.mask) && isSubsequence(D.fieldFull[f]!, q);
  }
  return !Q.hasHan && isSubsequence(D.fieldText[f]!, q);
}

/** Fuzzy quality of a field (0 when it does not hold the query): 0.5 * length / tightest span. */
function fuzzyQuality(f: number, kind: number): number {
  const q = Q.compact;
  if (q === '') return 0;
  let span = -1;
  if (kind & F_HAN) {
    span = fuzzySpan(D.fieldText[f]!, q);
    if (!Q.hasHan && span !== q.length) {
      const ini = fuzzySpan(D.fieldIni[f]!, q);
      if (ini > 0 && (span < 0 || ini < span)) span = ini;
      if (span !== q.length) {
        const full = fuzzySpan(D.fieldFull[f]!, q);
        if (full > 0 && (span < 0 || full < span)) span = full;
      }
    }
  } else if (!Q.hasHan) {
    span = fuzzySpan(D.fieldText[f]!, q);
  }
  return span < 0 ? 0 : (FUZZY_MAX_QUALITY * q.length) / span;
}

/**
 * A one-letter query, from the masks alone (exactly what the string rules give for one letter:
 * a letter has its own mask bit).
 */
function matchLetter(f: number, kind: number, floor: number): number {
  const bit = Q.firstBit;
  if (floor < EXACT) {
    const q = Q.compact;
    if (q === D.fieldText[f] || (kind & F_HAN && (q === D.fieldFull[f] || q === D.fieldIni[f]))) {
      return EXACT;
    }
  }
  if (floor < PREFIX && D.maskFirst[f]! & bit) return PREFIX;
  if (floor < WORD && D.maskStart[f]! & bit) return WORD;
  if (floor < SUBSTRING && (D.maskText[f]! | D.maskIni[f]!) & bit) return SUBSTRING;
  if (floor < FUZZY && kind & F_LABEL && (D.maskText[f]! | D.maskFull[f]!) & bit) return FUZZY;
  return NONE;
}

/** Best tier of a hanzi field above `floor`, or NONE. */
function matchHanField(f: number, kind: number, floor: number): number {
  const q = Q.compact;
  if (q === '') return NONE;
  const text = D.fieldText[f]!;
  const full = D.fieldFull[f]!;
  const ini = D.fieldIni[f]!;
  const latin = Q.hasLatin;
  if (floor < EXACT && (q === text || (latin && (q === full || q === ini)))) return EXACT;
  if (floor >= PREFIX) return NONE;
  const q0 = q.charCodeAt(0);
  const first = D.fieldChar[f]!;
  let consuming = false;
  if (D.maskFirst[f]! & Q.firstBit) {
    if (text.startsWith(q) || (latin && (full.startsWith(q) || ini.startsWith(q)))) return PREFIX;
    // Bare hanzi are covered by startsWith; mixed input needs the consumption.
    consuming = latin && startConsuming(f, q);
    if (consuming && consume(0, first, S_ANY)) return PREFIX;
  }
  if (floor >= WORD) return NONE;
  if (D.maskStart[f]! & Q.firstBit && (consuming || startConsuming(f, q))) {
    const end = D.fieldChar[f + 1]!;
    // Bare hanzi only start a word at a segment; anything else also at any hanzi.
    const eligible = latin ? C_HAN | C_SEGMENT | C_RUN : C_SEGMENT;
    for (let c = first + 1; c < end; c++) {
      const flags = D.charFlags[c]!;
      if ((flags & eligible) === 0 || !startsAt(c, q0)) continue;
      if (consume(0, c, flags & C_SEGMENT ? S_ANY : 0)) return WORD;
    }
  }
  if (floor >= SUBSTRING) return NONE;
  if (contains(D.maskText[f]!, Q.mask) && text.includes(q)) return SUBSTRING;
  if (latin && !Q.hasHan && contains(D.maskIni[f]!, Q.mask) && ini.includes(q)) return SUBSTRING;
  if (floor < FUZZY && kind & F_LABEL && fuzzyMember(f, kind)) return FUZZY;
  return NONE;
}

/**
 * Where the query's words each start a word of `text`, in order: the position of the first one
 * (leftmost, which is the one to try: a later start only leaves less room), or -1.
 */
function matchWords(text: string, words: readonly string[]): number {
  let pos = 0;
  let first = -1;
  for (const w of words) {
    let p = text.indexOf(w, pos);
    while (p >= 0 && !isWordStart(text, p)) p = text.indexOf(w, p + 1);
    if (p < 0) return -1;
    if (first < 0) first = p;
    pos = p + w.length;
  }
  return first;
}

/** Best tier of an English field above `floor`, or NONE. */
function matchLatinField(f: number, kind: number, floor: number): number {
  // A field without hanzi cannot hold a query that has some, nor one with letters it lacks.
  if (Q.hasHan || !contains(D.maskText[f]!, Q.mask)) return NONE;
  const q = Q.spaced;
  const text = D.fieldText[f]!;
  if (floor < EXACT && text === q) return EXACT;
  if (floor >= PREFIX) return NONE;
  let p = text.indexOf(q);
  if (p === 0) return PREFIX;
  // "exp sup" in "Export suppliers": a prefix when the first word starts the text.
  const words = Q.words.length > 1 ? matchWords(text, Q.words) : -1;
  if (words === 0) return PREFIX;
  if (floor >= WORD) return NONE;
  if (words > 0) return WORD;
  const found = p > 0;
  while (p > 0) {
    if (isWordStart(text, p)) return WORD;
    p = text.indexOf(q, p + 1);
  }
  if (floor < SUBSTRING && found) return SUBSTRING;
  if (floor < FUZZY && kind & F_LABEL && Q.compact !== '' && fuzzyMember(f, kind)) return FUZZY;
  return NONE;
}

function matchField(f: number, kind: number, floor: number): number {
  if (Q.letter) return matchLetter(f, kind, floor);
  return kind & F_HAN ? matchHanField(f, kind, floor) : matchLatinField(f, kind, floor);
}

/** Which label decided matchItem's tier (for the tie on label length). */
let outKind = 0;

/** Best tier of item i (fuzzy quality is computed later, and only when it can matter). */
function matchItem(i: number): number {
  if ((D.itemMask[i]! & Q.mask) !== Q.mask) return NONE;
  const sc = D.scratch;
  let best = NONE;
  let bestKind = 0;
  const to = D.itemField[i + 1]!;
  for (let k = D.itemField[i]!; k < to; k++) {
    const f = D.itemFields[k]!;
    const kind = D.fieldKind[f]!;
    let t: number;
    if (kind & F_SHARED) {
      // Shared fields: the full answer once per query, then a lookup.
      if (sc.fieldStamp[f] === sc.stamp) {
        t = sc.fieldTier[f]!;
      } else {
        t = matchField(f, kind, NONE);
        sc.fieldTier[f] = t;
        sc.fieldStamp[f] = sc.stamp;
      }
    } else {
      t = matchField(f, kind, best);
    }
    if (t > best) {
      best = t;
      bestKind = kind;
      if (t === EXACT) break;
    }
  }
  outKind = bestKind;
  return best;
}

/** Best fuzzy quality over item i's labels; sets outKind to the label that gave it. */
function itemFuzzyQuality(i: number): number {
  let best = 0;
  outKind = 0;
  const to = D.itemField[i + 1]!;
  for (let k = D.itemField[i]!; k < to; k++) {
    const f = D.itemFields[k]!;
    const kind = D.fieldKind[f]!;
    if ((kind & F_LABEL) === 0) continue;
    const quality = fuzzyQuality(f, kind);
    if (quality > best) {
      best = quality;
      outKind = kind;
    }
  }
  return best;
}

// Ranking

const TIER_BASE = [0, 1, 2, 3, 4];
/** matchTier flag: the tier came from a keyword, no label matched as well. */
const KEYWORD_ONLY = 8;

/** Fills scratch.boost for the items in `recency`; returns the touched indices (to reset). */
function applyRecency(data: IndexData, options: RankOptions | undefined): number[] {
  const touched: number[] = [];
  const recency = options?.recency;
  if (!recency || recency.size === 0) return touched;
  const now = options.now ?? Date.now();
  const boost = data.scratch.boost;
  for (const [id, at] of recency) {
    const i = data.idToIndex.get(id);
    if (i === undefined || !Number.isFinite(at)) continue;
    const age = Math.max(0, now - at);
    boost[i] = RECENCY_MAX_BOOST * Math.pow(2, -age / RECENCY_HALF_LIFE_MS);
    touched.push(i);
  }
  return touched;
}

function limitOf(options: RankOptions | undefined, count: number): number {
  const limit = options?.limit;
  if (limit === undefined || !Number.isFinite(limit)) return count;
  return Math.max(0, Math.min(count, Math.floor(limit)));
}

/**
 * Indices (into the match arrays) of the best `k` of `count` matches, best first. Order: score
 * desc, tie length asc, then item index asc (original order).
 */
function selectTop(
  count: number,
  k: number,
  score: Float64Array,
  len: Uint16Array,
  item: Int32Array,
): Int32Array {
  // a before b?
  const before = (a: number, b: number): boolean => {
    const sa = score[a]!;
    const sb = score[b]!;
    if (sa !== sb) return sa > sb;
    const la = len[a]!;
    const lb = len[b]!;
    if (la !== lb) return la < lb;
    return item[a]! < item[b]!;
  };
  if (k >= count) {
    const all = new Int32Array(count);
    for (let j = 0; j < count; j++) all[j] = j;
    return all.sort((a, b) => (a === b ? 0 : before(a, b) ? -1 : 1));
  }
  // Bounded heap with the worst of the kept ones at the root.
  const heap = new Int32Array(k);
  let size = 0;
  const siftDown = (at: number): void => {
    const x = heap[at]!;
    for (;;) {
      const l = 2 * at + 1;
      if (l >= size) break;
      const r = l + 1;
      const worse = r < size && before(heap[l]!, heap[r]!) ? r : l;
      if (!before(x, heap[worse]!)) break;
      heap[at] = heap[worse]!;
      at = worse;
    }
    heap[at] = x;
  };
  for (let j = 0; j < count; j++) {
    if (size < k) {
      let at = size++;
      while (at > 0) {
        const parent = (at - 1) >> 1;
        if (!before(heap[parent]!, j)) break;
        heap[at] = heap[parent]!;
        at = parent;
      }
      heap[at] = j;
    } else if (k > 0 && before(j, heap[0]!)) {
      heap[0] = j;
      siftDown(0);
    }
  }
  return heap.sort((a, b) => (a === b ? 0 : before(a, b) ? -1 : 1));
}

interface Outcome<T> {
  ranked: Ranked<T>[];
  /** Item indices that matched, in original order (what createRanker keeps). */
  matches: Int32Array;
}

function rankBlank<T extends Searchable>(
  index: SearchIndex<T>,
  options: RankOptions | undefined,
): Ranked<T>[] {
  const data = index.data;
  const n = data.count;
  const limit = limitOf(options, n);
  if (options?.stats) options.stats.matched = n;
  const boost = data.scratch.boost;
  const touched = applyRecency(data, options);
  try {
    // Boosted items first (most recent first), then everything else in its original order.
    const boosted = touched.filter((i) => boost[i]! > 0);
    boosted.sort((a, b) => boost[b]! - boost[a]! || a - b);
    const out: Ranked<T>[] = [];
    const base = TIER_BASE[PREFIX]!;
    for (const i of boosted) {
      if (out.length === limit) return out;
      out.push({ item: index.items[i]!, score: base + boost[i]!, tier: 'prefix' });
    }
    for (let i = 0; i < n && out.length < limit; i++) {
      if (boost[i]! > 0) continue;
      out.push({ item: index.items[i]!, score: base, tier: 'prefix' });
    }
    return out;
  } finally {
    for (const i of touched) boost[i] = 0;
  }
}

function runQuery<T extends Searchable>(
  index: SearchIndex<T>,
  query: Query,
  candidates: Int32Array | null,
  options: RankOptions | undefined,
  keepMatches: boolean,
): Outcome<T> {
  const data = index.data;
  const sc = data.scratch;
  D = data;
  Q = query;
  sc.stamp = sc.stamp === 0x7fffffff ? 1 : sc.stamp + 1;
  if (sc.stamp === 1) sc.fieldStamp.fill(0);
  let count = 0;
  let nonFuzzy = 0;
  const total = candidates ? candidates.length : data.count;
  for (let j = 0; j < total; j++) {
    const i = candidates ? candidates[j]! : j;
    const tier = matchItem(i);
    if (tier === NONE) continue;
    sc.matchItem[count] = i;
    sc.matchTier[count] = outKind & F_LABEL ? tier : tier | KEYWORD_ONLY;
    sc.matchLen[count] = outKind & F_EN ? data.enLen[i]! : data.zhLen[i]!;
    if (tier !== FUZZY) nonFuzzy++;
    count++;
  }
  const matches = keepMatches ? sc.matchItem.slice(0, count) : new Int32Array(0);
  if (options?.stats) options.stats.matched = count;
  const touched = applyRecency(data, options);
  try {
    const limit = limitOf(options, count);
    // An unboosted fuzzy match scores at most 0.5, below every other match (at least 0.75): when
    // the others fill the limit, such a match cannot be shown and its quality is not needed.
    const skipPlainFuzzy = nonFuzzy >= limit;
    let kept = 0;
    for (let j = 0; j < count; j++) {
      const i = sc.matchItem[j]!;
      const tier = sc.matchTier[j]! & ~KEYWORD_ONLY;
      const boost = sc.boost[i]!;
      let quality = sc.matchTier[j]! & KEYWORD_ONLY ? -KEYWORD_PENALTY : 0;
      let len = sc.matchLen[j]!;
      if (tier === FUZZY) {
        if (skipPlainFuzzy && boost === 0) continue;
        quality = itemFuzzyQuality(i);
        len = outKind & F_EN ? data.enLen[i]! : data.zhLen[i]!;
      }
      sc.matchItem[kept] = i;
      sc.matchTier[kept] = tier;
      sc.matchLen[kept] = len;
      sc.score[kept] = TIER_BASE[tier]! + quality + boost;
      kept++;
    }
    const order = selectTop(kept, Math.min(limit, kept), sc.score, sc.matchLen, sc.matchItem);
    const ranked: Ranked<T>[] = new Array<Ranked<T>>(order.length);
    for (let j = 0; j < order.length; j++) {
      const m = order[j]!;
      ranked[j] = {
        item: index.items[sc.matchItem[m]!]!,
        score: sc.score[m]!,
        tier: TIER_NAMES[sc.matchTier[m]!]!,
      };
    }
    return { ranked, matches };
  } finally {
    for (const i of touched) sc.boost[i] = 0;
    D = null as unknown as IndexData;
    Q = null as unknown as Query;
  }
}

/** Stateless ranking. Empty/blank query: every item, recency-boosted items first, otherwise original order. */
export function rank<T extends Searchable>(
  index: SearchIndex<T>,
  query: string,
  options?: RankOptions,
): Ranked<T>[] {
  const q = prepareQuery(query);
  if (q === null) return rankBlank(index, options);
  return runQuery(index, q, null, options, false).ranked;
}

/** How many typed prefixes createRanker remembers (the longest ones are the useful ones). */
const MAX_CHAIN = 24;

/**
 * Stateful ranker for typing: when the new query extends the previous one (the usual keystroke), only the
 * previous matches are tested again (matching must be monotone: whatever matches "abc" matches "ab").
 * Results are identical to rank().
 *
 * It remembers the match sets of the chain of prefixes typed so far, so backspacing to one of
 * them is as cheap as typing forward; anything else (a paste, an edit in the middle) starts from
 * the longest remembered prefix of the new query, or from every item.
 */
export function createRanker<T extends Searchable>(
  index: SearchIndex<T>,
): (query: string, options?: RankOptions) => Ranked<T>[] {
  const chain: { key: string; matches: Int32Array }[] = [];
  return (query, options) => {
    const q = prepareQuery(query);
    if (q === null) {
      chain.length = 0;
      return rankBlank(index, options);
    }
    for (;;) {
      const top = chain[chain.length - 1];
      if (top === undefined || q.spaced.startsWith(top.key)) break;
      chain.pop();
    }
    const top = chain[chain.length - 1];
    const outcome = runQuery(index, q, top ? top.matches : null, options, true);
    // A query without letters, digits or hanzi ("/") does not constrain the hanzi/pinyin
    // matching of its extensions, so its match set must not narrow theirs.
    if (q.compact !== '' && top?.key !== q.spaced) {
      chain.push({ key: q.spaced, matches: outcome.matches });
      if (chain.length > MAX_CHAIN) chain.shift();
    }
    return outcome.ranked;
  };
}
