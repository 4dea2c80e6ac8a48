import { z } from 'zod';
import { AMOUNT_MAX_FEN, AMOUNT_MAX_YUAN, amountTooLargeFor, parseYuanOrOver } from './money';
import type { ReferenceName } from './references';
import { knownMessages } from './server-messages';

/**
 * The one field list of a resource, shared by the server (`defineTable`, server/lib/table) and
 * the console (`defineResource`, src/resources/types.ts). A contract says what both sides must
 * agree on: the service, route and permission codes, and per field its label, checks, list
 * filter, sort and export column. Each side adds only what is its own (the server: table, scope,
 * hooks; the console: widths, cell kinds, inline edit, dialogs). The zh texts are the server's
 * answers (`<field>:<message>`) and the spec's labels; the en texts are the console's.
 */

/** A visible text in both languages (structurally the console's `Bilingual`). */
export interface Text {
  zh: string;
  en: string;
}

/**
 * What a field holds on the wire: `text`; `integer` (ids of a dictionary included, with `dict`);
 * `money` (domain.md: integer fen at rest, a yuan number with at most 2 decimals on the wire,
 * converted by contracts/money.ts; `range` and `emptyAs` are in fen); `decimal`; `date`
 * ('yyyy-MM-dd'); `dateTime` ('yyyy-MM-dd HH:mm:ss'); `switch` (an integer 1 = on, 0 = off:
 * an enabled flag; empty is `emptyAs`, default 0).
 */
export type FieldKind = 'text' | 'integer' | 'money' | 'decimal' | 'date' | 'dateTime' | 'switch';

/** A level of a record's region (contracts/regions.ts). */
export type RegionLevel = 'province' | 'city' | 'district';

/** A fixed choice's label, with the tag colour the console shows it in. */
export interface Choice extends Text {
  color?: string;
}

export interface FieldSpec {
  label: Text;
  /** Default 'text'. */
  kind?: FieldKind;
  /** Answered but never written (derived names, audit times): not part of the submit body. */
  readOnly?: true;
  /** Refused when empty, with this message. */
  required?: Text;
  /** Text: the most characters (the server refuses longer, the console's input stops there). */
  maxLength?: number;
  /**
   * Text: the form a value must have (checked by the server after trimming, after the length),
   * and the message for one that has not.
   */
  pattern?: { regex: RegExp; message: Text };
  /**
   * Integer and money: the bounds (money: in fen, default 0 to 10^15), and the message for a
   * value outside them or not whole (money: not a yuan amount with at most 2 decimals).
   */
  range?: { min: number; max: number; message: Text };
  /** Integer and money: the value an empty submit stores (e.g. a sort order of 0). */
  emptyAs?: number;
  /** The dictionary whose entries label the value (dictKey -> dictValue). */
  dict?: string;
  /** An allowlisted list filter: what the unsuffixed parameter means (BladeX: LIKE). */
  filter?: 'like' | 'equal';
  /** An allowlisted sort of the list. */
  sortable?: true;
  /** A column of the export sheet (header: the zh label), width in characters. */
  export?: { width: number };
  /**
   * Fixed choices, value -> label (text values, or whole numbers as text for an integer field):
   * the server refuses any other value, the console offers a select and shows a tag; the export
   * writes the zh label.
   */
  choices?: Readonly<Record<string, Choice>>;
  /**
   * Unique among the live rows of the tenant (global tables: of the table), with this message:
   * answered 409 `field:message` by the engine, backed by a unique index (migration helper
   * `liveUniqueIndex`) so two racing writes cannot both land. `uniqueWith` narrows it (unique
   * per supplier: `['supId']`).
   */
  unique?: Text;
  uniqueWith?: readonly string[];
  /** The id of a record of another table (contracts/references.ts): a select of those records. */
  ref?: ReferenceName;
  /** Read-only: the name of the record the field `nameOf` refers to, joined by the engine. */
  nameOf?: string;
  /**
   * A switch the `enable` call sets for the selected rows (启用 / 停用 row and toolbar actions
   * behind the `enable` button), besides the form. One per contract.
   */
  toggle?: true;
  /** A level of the record's region, or its joined names (contracts/regions.ts). */
  region?: RegionLevel | 'name';
}

/** An HTTP method of a declared call. */
export type CallMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * The engine's calls of a resource: `list` (paged), `select` (every row, unpaged, for pickers),
 * `detail` (?id=), `submit` (create without id, update with one), `remove` (?ids=), `export`
 * (the asynchronous sheet of the list), `enable` (`?ids=&<flag>=1|0`: sets the contract's `toggle`
 * switch of the rows, behind the `enable` button). Named as the spec names them under the service
 * (`listParkPage`, `list-not-page`, `removeById/{id}`); `{id}` in a path takes the record's id.
 */
export type CallName = 'list' | 'select' | 'detail' | 'submit' | 'remove' | 'export' | 'enable';

export interface Call {
  path: string;
  method: CallMethod;
}

export const DEFAULT_CALLS: Readonly<Record<CallName, Call>> = {
  list: { path: 'list', method: 'GET' },
  select: { path: 'select', method: 'GET' },
  detail: { path: 'detail', method: 'GET' },
  submit: { path: 'submit', method: 'POST' },
  remove: { path: 'remove', method: 'POST' },
  export: { path: 'excel/export/async', method: 'POST' },
  enable: { path: 'enable', method: 'POST' },
};

/** Button aliases of the seed's menu tree: a button's code is `${menu}_${alias}`. */
export type ButtonAlias = 'add' | 'edit' | 'delete' | 'view' | 'export' | 'enable';

/** The permission codes a resource's calls and buttons need, derived from the menu code. */
export interface ResourceCodes {
  /** The screen's menu code: list and detail admit it (or `view`). */
  menu: string;
  view?: string;
  add?: string;
  edit?: string;
  remove?: string;
  export?: string;
  enable?: string;
}

export interface ContractSpec<Row, F extends FieldMap<Row>> {
  /** Service path without /api: list, detail, submit and remove live under it. */
  service: string;
  /** The console route (a menu path of the seed). */
  route: string;
  title: Text;
  /** The seed's menu code of the screen ('post'), and the buttons it has. */
  menu: string;
  buttons: readonly ButtonAlias[];
  /** In display order: the form, the export sheet and the API reference follow it. */
  fields: F;
  /** Asynchronous export: `excelType` the console sends, the file's name (zh). */
  export?: { excelType: string; fileName: string };
  /**
   * List filters under a name that is not a field, on a field's column (the code generator's
   * `modelName` searches `tableName`): allowlisted by the server, offered by the console.
   */
  filterAliases?: {
    readonly [name: string]: {
      label: Text;
      field: keyof Row & string;
      filter: 'like' | 'equal';
      /**
       * The server matches it its own way (an encrypted code by its digests: the table's
       * `narrow`), not as a condition on `field`.
       */
      byServer?: true;
    };
  };
  /** The calls by the spec's names, when not BladeX's defaults: `{list: 'listParkPage'}`. */
  calls?: { readonly [K in CallName]?: string | Call };
}

export type FieldMap<Row> = { readonly [K in keyof Row & string]?: FieldSpec };

/** The keys of the submit body: every field that is not read-only. */
export type InputKey<F> = {
  [K in keyof F & string]: F[K] extends { readOnly: true } ? never : K;
}[keyof F & string];

/** What a submit field holds once checked: numbers for integer and money, else text. */
type InputValue<S> = S extends { kind: 'integer' | 'money' | 'switch' }
  ? S extends { required: Text } | { emptyAs: number }
    ? number
    : number | undefined
  : S extends { required: Text }
    ? string
    : string | undefined;

/** The shape of a contract's derived submit schema. */
export type InputShape<F> = { [K in InputKey<F>]: z.ZodType<InputValue<F[K]>> };

export type ResourceContract<
  Row = Record<string, unknown>,
  F extends FieldMap<Row> = FieldMap<Row>,
> = ContractSpec<Row, F> & {
  codes: ResourceCodes;
  /** The submit body without id and version, checked with the fields' zh messages. */
  input: z.ZodObject<InputShape<F>>;
  /** Field names of the submit body, in order. */
  inputKeys: readonly InputKey<F>[];
  /** Every call with its path under the service and its method (`calls` over the defaults). */
  resolvedCalls: Readonly<Record<CallName, Call>>;
  /** Type only (never set): the wire row, so each side's declaration knows it. */
  readonly row?: Row;
};

/** The wire row of a contract. */
export type RowOf<C> = C extends { row?: infer R } ? R : never;

/** An absent value: undefined, null or the empty text. */
export const blank = (v: unknown) => v === undefined || v === null || v === '';

const CODE_OF: Record<ButtonAlias, keyof ResourceCodes> = {
  add: 'add',
  edit: 'edit',
  delete: 'remove',
  view: 'view',
  export: 'export',
  enable: 'enable',
};

/** The zh message for a text longer than `max` (the server's answer, BladeX's wording). */
export const tooLong = (max: number) => `长度不能超过${max}个字符`;

/** A required, trimmed text with one zh message for missing, empty and wrong type. */
export function requiredText(message: string, max: number): z.ZodString {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLong(max));
}

/**
 * An optional text: empty means absent (stored as null); longer than `max` is refused. `shape`
 * adds checks to the text itself (a pattern).
 */
export function optionalText(max: number, shape: (text: z.ZodString) => z.ZodString = (t) => t) {
  return z.preprocess(
    (v) => (blank(v) ? undefined : v),
    shape(z.string().max(max, tooLong(max))).optional(),
  );
}

/** A text field: trimmed; required ones refuse empty and non-text with one message. */
function textInput(spec: FieldSpec): z.ZodType {
  const max = spec.maxLength ?? 255;
  const shaped = (text: z.ZodString) =>
    spec.pattern ? text.regex(spec.pattern.regex, spec.pattern.message.zh) : text;
  return spec.required ? shaped(requiredText(spec.required.zh, max)) : optionalText(max, shaped);
}

/**
 * The messages a field's checks answer, zh with the console's en (contracts/server-messages.ts):
 * the declared ones, and those made from the label for integer and money fields.
 */
function fieldMessages(spec: FieldSpec): Text[] {
  const declared = [spec.required, spec.pattern?.message, spec.range?.message];
  const { zh, en } = spec.label;
  const made: Text[] = spec.ref
    ? [refMessage(spec)]
    : spec.choices
      ? [choiceMessage(spec)]
      : spec.kind === 'switch'
        ? [switchMessage(spec)]
        : spec.kind === 'integer'
          ? [{ zh: `${zh}必须是整数`, en: `${en} must be a whole number` }]
          : spec.kind === 'money'
            ? [
                {
                  zh: `${zh}须为不超过两位小数的非负金额`,
                  en: `${en}: a non-negative amount with at most 2 decimals`,
                },
                { zh: amountTooLargeFor(zh), en: `${en} may not exceed ${AMOUNT_MAX_YUAN} yuan` },
              ]
            : [];
  return [...declared, spec.unique].filter((m): m is Text => m !== undefined).concat(made);
}

/** An integer (or fen) field: empty is `emptyAs`, or refused when required, or absent. */
function integerInput(spec: FieldSpec, name: string): z.ZodType {
  const invalid = spec.range?.message.zh ?? spec.required?.zh ?? `${spec.label.zh}必须是整数`;
  let number = z.number({ error: spec.required?.zh ?? invalid }).int(invalid);
  if (spec.range) number = number.min(spec.range.min, invalid).max(spec.range.max, invalid);
  const schema = spec.required || spec.emptyAs !== undefined ? number : number.optional();
  if (spec.required && spec.emptyAs !== undefined)
    throw new Error(`${name}: a required field has no empty value`);
  return z.preprocess((v) => (blank(v) ? spec.emptyAs : Number(v)), schema);
}

/**
 * A money field: a yuan amount (number or text, at most two decimals) becomes integer fen;
 * negative amounts, a third decimal, text and NaN are refused with one zh message. Every money
 * field takes at most one amount's bound (money.ts AMOUNT_MAX_FEN, 9,999,999,999.99 yuan; a
 * `range.max` may lower it, never raise it): above it the message names the field and the bound
 * ('面值不能超过9999999999.99元'), or is the range's own message.
 */
function moneyInput(spec: FieldSpec, name: string): z.ZodType {
  const invalid = spec.range?.message.zh ?? `${spec.label.zh}须为不超过两位小数的非负金额`;
  const tooLarge = spec.range?.message.zh ?? amountTooLargeFor(spec.label.zh);
  const number = z
    .number({ error: spec.required?.zh ?? invalid })
    .int(invalid)
    .min(spec.range?.min ?? 0, invalid)
    .max(Math.min(spec.range?.max ?? AMOUNT_MAX_FEN, AMOUNT_MAX_FEN), tooLarge);
  const schema = spec.required || spec.emptyAs !== undefined ? number : number.optional();
  if (spec.required && spec.emptyAs !== undefined)
    throw new Error(`${name}: a required field has no empty value`);
  // Not an amount: NaN, which the number check refuses with the field's message.
  return z.preprocess(
    (v) => (blank(v) ? spec.emptyAs : (parseYuanOrOver(v) ?? Number.NaN)),
    schema,
  );
}

/** The message for a value that is none of a field's choices: names them all. */
function choiceMessage(spec: FieldSpec): Text {
  const labels = Object.values(spec.choices ?? {});
  return {
    zh: `${spec.label.zh}须为${labels.map((c) => c.zh).join('、')}之一`,
    en: `${spec.label.en} must be one of: ${labels.map((c) => c.en).join(', ')}`,
  };
}

/** The message for an id that names no live record of the reference (the server checks it). */
export const refMessage = (spec: FieldSpec): Text => ({
  zh: `${spec.label.zh}不存在`,
  en: `${spec.label.en} does not exist`,
});

const switchMessage = (spec: FieldSpec): Text => ({
  zh: `${spec.label.zh}只能是0或1`,
  en: `${spec.label.en} must be 0 or 1`,
});

/** A fixed choice: one of the keys (an integer field: the number of one of them). */
function choiceInput(spec: FieldSpec, name: string): z.ZodType {
  const invalid = choiceMessage(spec).zh;
  const values = Object.keys(spec.choices ?? {});
  if (values.length === 0) throw new Error(`${name}: choices name no value`);
  const missing = spec.required?.zh ?? invalid;
  if (spec.kind === 'integer') {
    const numbers = values.map(Number);
    if (numbers.some((n) => !Number.isInteger(n))) throw new Error(`${name}: choices not whole`);
    const one = z
      .number({ error: missing })
      .refine((n) => numbers.includes(n), { message: invalid });
    return z.preprocess(
      (v) => (blank(v) ? spec.emptyAs : Number(v)),
      spec.required || spec.emptyAs !== undefined ? one : one.optional(),
    );
  }
  const one = z.enum(values as [string, ...string[]], { error: invalid });
  return z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? v.trim() : v),
    spec.required
      ? z
          .unknown()
          .pipe(z.string({ error: missing }))
          .pipe(one)
      : one.optional(),
  );
}

/** A switch: 1 or 0 (true/false and their texts too); empty is `emptyAs` (default 0). */
function switchInput(spec: FieldSpec): z.ZodType {
  const invalid = switchMessage(spec).zh;
  const on = (v: unknown) =>
    blank(v)
      ? (spec.emptyAs ?? 0)
      : v === true || v === 'true'
        ? 1
        : v === false || v === 'false'
          ? 0
          : Number(v);
  return z.preprocess(on, z.union([z.literal(0), z.literal(1)], { error: invalid }));
}

function fieldInput(spec: FieldSpec, name: string): z.ZodType {
  if (spec.choices) return choiceInput(spec, name);
  switch (spec.kind ?? 'text') {
    case 'switch':
      return switchInput(spec);
    case 'integer':
      return integerInput(spec, name);
    case 'money':
      return moneyInput(spec, name);
    case 'text':
      return textInput(spec);
    default:
      // Dates and decimals travel as text; a resource that writes them checks them itself.
      return textInput(spec);
  }
}

/**
 * Declares a resource's contract. Call it as `defineContract<Post>()({...})`: the row type is
 * given, the field names are checked against it and kept for both sides' types.
 */
export function defineContract<Row>() {
  return <const F extends FieldMap<Row>>(spec: ContractSpec<Row, F>): ResourceContract<Row, F> => {
    const codes: ResourceCodes = { menu: spec.menu };
    for (const alias of spec.buttons) codes[CODE_OF[alias]] = `${spec.menu}_${alias}`;
    const entries = Object.entries(spec.fields as Record<string, FieldSpec>);
    for (const [, field] of entries) if (!field.readOnly) knownMessages(...fieldMessages(field));
    const inputKeys = entries.filter(([, f]) => !f.readOnly).map(([k]) => k) as InputKey<F>[];
    const shape = Object.fromEntries(
      entries.filter(([, f]) => !f.readOnly).map(([k, f]) => [k, fieldInput(f, k)]),
    ) as InputShape<F>;
    const toggles = entries.filter(([, f]) => f.toggle);
    if (toggles.some(([, f]) => f.kind !== 'switch') || toggles.length > 1)
      throw new Error(`${spec.service}: one switch field may be the toggle`);
    if (spec.buttons.includes('enable') !== (toggles.length === 1))
      throw new Error(`${spec.service}: the enable button and a toggle field go together`);
    for (const [name, field] of entries)
      if (field.nameOf && !(spec.fields as Record<string, FieldSpec>)[field.nameOf]?.ref)
        throw new Error(`${spec.service}: ${name} names ${field.nameOf}, which refers to nothing`);
    const resolvedCalls = Object.fromEntries(
      (Object.keys(DEFAULT_CALLS) as CallName[]).map((name) => {
        const own = spec.calls?.[name];
        const call = typeof own === 'string' ? { ...DEFAULT_CALLS[name], path: own } : own;
        return [name, call ?? DEFAULT_CALLS[name]];
      }),
    ) as Record<CallName, Call>;
    return { ...spec, codes, input: z.object(shape), inputKeys, resolvedCalls };
  };
}

/** The fields of a contract as [name, spec] pairs, in declaration order. */
export function fieldEntries(contract: { fields: object }): [string, FieldSpec][] {
  return Object.entries(contract.fields as Record<string, FieldSpec>);
}
