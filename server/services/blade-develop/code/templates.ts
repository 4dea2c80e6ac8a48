import type { TableColumn } from './columns.js';

/**
 * The code generator's output in this project's own style (ARCHITECTURE.md "Resource engine"):
 * for one configured table, the resource contract `src/contracts/<service>/<module>.ts`
 * (defineContract: the row and its fields' labels, checks, filters and sorts), the server
 * declaration `server/services/<service>/<module>/table.ts` (defineContractTable) and the console
 * declaration `src/resources/<service>/<module>.ts` (defineContractResource), written like the
 * hand-written post declarations. Pure text: nothing here touches the database or the file system.
 */

/** What the generator takes from a blade_code row. */
export interface CodeConfig {
  codeName: string;
  serviceName: string;
  tableName: string;
  tablePrefix: string | null;
  pkName: string;
}

export interface GeneratedFile {
  /** Path inside the zip (forward slashes, no `..`: every part is checked by the submit). */
  path: string;
  content: string;
}

/** Columns the table engine fills itself (lib/table MANAGED, snake_case). */
const MANAGED = new Set([
  'id',
  'tenant_id',
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
  'version',
]);
const AUDIT = [
  'create_user',
  'create_dept',
  'create_time',
  'update_user',
  'update_time',
  'status',
  'is_deleted',
];
const WIDTH = 100;
/** Text longer than this is a textarea spanning the form. */
const SHORT_TEXT = 255;
/** Text columns up to this long are list filters (names and codes, not remarks). */
const FILTER_TEXT = 100;
/** Length given to text columns without one (`text`). */
const UNBOUNDED = 65535;

const camel = (snake: string) =>
  snake.toLowerCase().replace(/_+([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const pascal = (snake: string) => camel(snake).replace(/^./, (c) => c.toUpperCase());
/** 'postName' -> 'Post name' (the English label; the zh one is the field until someone names it). */
const words = (field: string) =>
  field
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());
/** A TypeScript string literal in the repository's quote style. */
const str = (s: string) =>
  `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n')}'`;
/** An object key or member name: bare when it is an identifier, else quoted. */
const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : str(name));
/** Text safe inside a block comment. */
const comment = (s: string) => s.replace(/\*\//g, '* /').replace(/[\r\n]+/g, ' ');

/** Printed width as a formatter counts it: CJK characters take two columns. */
const width = (s: string) =>
  s.length + (s.match(/[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uff60]/g)?.length ?? 0);

/**
 * `<prefix>{ a: 1, b: 2 }<tail>` at `indent`: on one line when it fits, else one entry per line
 * (the layout the repository's formatter gives).
 */
function obj(entries: readonly string[], indent: number, prefix = '', tail = ','): string {
  const pad = ' '.repeat(indent);
  const inline = `${pad}${prefix}{ ${entries.join(', ')} }${tail}`;
  if (width(inline) <= WIDTH) return inline;
  const inner = ' '.repeat(indent + 2);
  return `${pad}${prefix}{\n${entries.map((e) => `${inner}${e},`).join('\n')}\n${pad}}${tail}`;
}

/** `<prefix>[a, b],` at `indent`: on one line when it fits, else one element per line. */
function list(items: readonly string[], indent: number, prefix: string): string {
  const pad = ' '.repeat(indent);
  const inline = `${pad}${prefix}[${items.join(', ')}],`;
  if (width(inline) <= WIDTH) return inline;
  const inner = ' '.repeat(indent + 2);
  return `${pad}${prefix}[\n${items.map((i) => `${inner}${i},`).join('\n')}\n${pad}],`;
}

/** The module: the table name without its prefix ('blade_post' with 'blade_' -> 'post'). */
export function moduleOf(tableName: string, tablePrefix: string | null): string {
  const table = tableName.toLowerCase();
  const prefix = (tablePrefix ?? '').toLowerCase();
  const rest = prefix && table.startsWith(prefix) ? table.slice(prefix.length) : table;
  return rest.replace(/^_+|_+$/g, '') || table;
}

interface Model {
  config: CodeConfig;
  /** snake_case module, e.g. 'log_api'. */
  module: string;
  /** kebab-case, for paths: 'log-api'. */
  slug: string;
  /** The row interface ('Post') and the contract's name ('postContract'). */
  type: string;
  contract: string;
  path: string;
  route: string;
  tenant: boolean;
  versioned: boolean;
  own: TableColumn[];
  hasCreateTime: boolean;
  hasSort: boolean;
  missingAudit: string[];
}

const dateLike = (c: TableColumn) =>
  c.kind === 'text' && /(_time|_date|^time|^date)$/.test(c.name) && (c.maxLength ?? 0) <= 32;
const longText = (c: TableColumn) =>
  c.kind === 'text' && (c.maxLength === undefined || c.maxLength > SHORT_TEXT);
/** Short text that is not a date: names, codes, titles. */
const shortText = (c: TableColumn) => c.kind === 'text' && !longText(c) && !dateLike(c);

/** Text columns the list filters on: names and codes; else the first short text (a title). */
function textFilters(own: readonly TableColumn[]): TableColumn[] {
  const short = own.filter(shortText);
  const filters = short.filter((c) => (c.maxLength ?? Infinity) <= FILTER_TEXT);
  return filters.length ? filters : short.slice(0, 1);
}

function modelOf(config: CodeConfig, columns: readonly TableColumn[]): Model {
  const module = moduleOf(config.tableName, config.tablePrefix);
  const slug = module.replace(/_/g, '-');
  // A module may start with a digit once its prefix is gone ('blade_1x' -> '1x').
  const type = /^[A-Za-z]/.test(module) ? pascal(module) : `Row${pascal(module)}`;
  const names = new Set(columns.map((c) => c.name.toLowerCase()));
  const pk = config.pkName.toLowerCase();
  return {
    config,
    module,
    slug,
    type,
    contract: `${type.replace(/^./, (c) => c.toLowerCase())}Contract`,
    path: `${config.serviceName}/${slug}`,
    route: `/${config.serviceName.replace(/^blade-/, '')}/${slug}`,
    tenant: names.has('tenant_id'),
    versioned: names.has('version'),
    own: columns.filter((c) => !MANAGED.has(c.name.toLowerCase()) && c.name.toLowerCase() !== pk),
    hasCreateTime: names.has('create_time'),
    hasSort: names.has('sort'),
    missingAudit: AUDIT.filter((a) => !names.has(a)),
  };
}

// ---- fields: what the contract says of each column -------------------------------------------

/** The zh label: the column's comment, else its field name (until someone names it). */
const zhLabel = (c: TableColumn) => c.comment ?? c.field;
const label = (c: TableColumn) => `label: { zh: ${str(zhLabel(c))}, en: ${str(words(c.field))} }`;

/** The contract's kind (resource-contract.ts FieldKind); undefined is text. */
function fieldKind(c: TableColumn): 'integer' | 'decimal' | 'date' | 'dateTime' | undefined {
  if (c.kind === 'integer') return 'integer';
  if (c.kind === 'decimal') return 'decimal';
  if (dateLike(c)) return /(_date|^date)$/.test(c.name) ? 'date' : 'dateTime';
  return undefined;
}

/** A NOT NULL whole number's literal default: what an empty submit stores. */
function emptyAs(c: TableColumn): number | undefined {
  if (c.kind !== 'integer' || !c.notNull) return undefined;
  const v = c.defaultValue;
  if (typeof v === 'number') return Number.isInteger(v) ? v : undefined;
  return v !== undefined && /^-?\d+$/.test(v) ? Number(v) : undefined;
}

/**
 * The field of a column, as `defineContract` reads it. Required: NOT NULL text, and NOT NULL
 * numbers without a literal default (with one, an empty submit stores it). Every text has a
 * maxLength (the contract's default is 255; unbounded text gets 65535). Filters and sorts as the
 * generator has always chosen them: names and codes are `like` filters, whole numbers `equal`
 * ones; every column but long text sorts.
 */
function fieldEntries(c: TableColumn, filters: readonly TableColumn[]): string[] {
  const kind = fieldKind(c);
  const entries = [label(c)];
  if (kind) entries.push(`kind: '${kind}'`);
  const empty = emptyAs(c);
  if (c.notNull && empty === undefined && (c.kind !== 'decimal' || c.defaultValue === undefined))
    entries.push(
      `required: { zh: ${str(`请输入${zhLabel(c)}`)}, en: ${str(`Please enter ${words(c.field).toLowerCase()}`)} }`,
    );
  if (empty !== undefined) entries.push(`emptyAs: ${String(empty)}`);
  if (c.kind === 'text') entries.push(`maxLength: ${String(c.maxLength ?? UNBOUNDED)}`);
  if (filters.includes(c)) entries.push(`filter: 'like'`);
  else if (c.kind === 'integer') entries.push(`filter: 'equal'`);
  if (!longText(c)) entries.push('sortable: true');
  return entries;
}

const CREATED = [
  `label: { zh: '创建时间', en: 'Created' }`,
  `kind: 'dateTime'`,
  'readOnly: true',
  'sortable: true',
];

// ---- contract: src/contracts/<service>/<module>.ts -------------------------------------------

function tsType(c: TableColumn): string {
  const base = c.kind === 'text' ? 'string' : 'number';
  return c.notNull ? base : `${base} | null`;
}

function contractFile(m: Model): string {
  const { config } = m;
  const lines: string[] = [`import { defineContract } from '../resource-contract';`, ''];
  lines.push(
    `/** ${comment(config.codeName)}: ${m.path} (table ${config.tableName}, made by the code generator). */`,
  );
  lines.push(`export interface ${m.type} {`);
  lines.push('  id: string;');
  for (const c of m.own) lines.push(`  ${key(c.field)}: ${tsType(c)};`);
  if (m.versioned) lines.push('  version: number;');
  if (m.hasCreateTime) lines.push('  createTime: string;');
  lines.push('}');
  lines.push('');
  lines.push('/**');
  lines.push(` * The fields of ${m.path}, shared by the server and the console declarations`);
  lines.push(` * (server/services/${config.serviceName}/${m.slug}/table.ts and`);
  lines.push(
    ` * src/resources/${config.serviceName}/${m.slug}.ts). Labels and messages name the fields:`,
  );
  lines.push(" * give them the screen's words.");
  if (m.own.some((c) => c.kind === 'decimal'))
    lines.push(
      ' * Decimals travel as text (resource-contract.ts): check their values in beforeSave.',
    );
  lines.push(' */');
  lines.push(`export const ${m.contract} = defineContract<${m.type}>()({`);
  lines.push(`  service: ${str(m.path)},`);
  lines.push(`  route: ${str(m.route)},`);
  lines.push(`  title: { zh: ${str(config.codeName)}, en: ${str(words(camel(m.module)))} },`);
  lines.push(`  menu: ${str(m.module)},`);
  lines.push(`  buttons: ['add', 'edit', 'delete', 'view'],`);
  const filters = textFilters(m.own);
  const fields = [
    ...m.own.map((c) => obj(fieldEntries(c, filters), 4, `${key(c.field)}: `)),
    ...(m.hasCreateTime ? [obj(CREATED, 4, 'createTime: ')] : []),
  ];
  lines.push(fields.length ? ['  fields: {', ...fields, '  },'].join('\n') : '  fields: {},');
  lines.push('});');
  return `${lines.join('\n')}\n`;
}

// ---- server: server/services/<service>/<module>/table.ts ------------------------------------

function serverFile(m: Model): string {
  const { config } = m;
  const lines: string[] = [
    `import { ${m.contract} } from '../../../../src/contracts/${config.serviceName}/${m.slug}.js';`,
  ];
  if (!m.tenant) lines.push(`import { SUPER_ADMIN } from '../../../auth/index.js';`);
  lines.push(`import { defineContractTable } from '../../../lib/table/index.js';`);
  lines.push('');
  lines.push('/**');
  lines.push(
    ` * ${m.path}: ${comment(config.codeName)} (table ${config.tableName}, made by the code generator).`,
  );
  lines.push(
    ' * Serve it with `tableRoutes(table)` in server/routes.ts; the table needs its interface in',
  );
  lines.push(
    " * server/db/schema.ts (DB). The fields, checks, filters and sorts are the contract's.",
  );
  if (config.pkName.toLowerCase() !== 'id')
    lines.push(
      ` * The key column is ${comment(config.pkName)}: the table engine serves tables keyed by id.`,
    );
  if (m.missingAudit.length)
    lines.push(
      ' * Missing audit columns (contract.md 4.0), which the table engine needs:',
      ` * ${m.missingAudit.join(', ')}.`,
    );
  if (!m.tenant)
    lines.push(' * No tenant_id column: one global set, written by the super administrator only.');
  lines.push(' */');
  lines.push('export default defineContractTable({');
  lines.push(`  contract: ${m.contract},`);
  lines.push(`  table: ${str(camel(config.tableName))},`);
  lines.push(`  scope: ${str(m.tenant ? 'tenant' : 'global')},`);
  if (m.versioned) lines.push('  versioned: true,');
  if (!m.tenant)
    lines.push('  access: { add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN },');
  lines.push(`  defaultOrder: ${m.hasSort ? "{ sort: 'asc', id: 'asc' }" : "{ id: 'asc' }"},`);
  lines.push('});');
  return `${lines.join('\n')}\n`;
}

// ---- console: src/resources/<service>/<module>.ts -------------------------------------------

/** A column of the list: the field's name, or its entries with what only the screen decides. */
function columnOf(c: TableColumn): string | string[] {
  if (longText(c)) return [`field: ${str(c.field)}`, 'width: 220', 'hiddenByDefault: true'];
  if (c.kind !== 'text') return [`field: ${str(c.field)}`, `kind: 'number'`];
  return str(c.field);
}

/** `<prefix>[a, { b: 1 }],` of names and objects: on one line when it fits, else one per line. */
function columnList(
  values: readonly (string | string[])[],
  indent: number,
  prefix: string,
): string {
  const pad = ' '.repeat(indent);
  const inline = `${pad}${prefix}[${values.map((v) => (typeof v === 'string' ? v : `{ ${v.join(', ')} }`)).join(', ')}],`;
  if (width(inline) <= WIDTH) return inline;
  const inner = ' '.repeat(indent + 2);
  const rows = values.map((v) => (typeof v === 'string' ? `${inner}${v},` : obj(v, indent + 2)));
  return [`${pad}${prefix}[`, ...rows, `${pad}],`].join('\n');
}

function consoleFile(m: Model): string {
  const { config } = m;
  const labelled = m.own.filter((c) => shortText(c) && key(c.field) === c.field);
  const named = labelled.find((c) => /(name|title)$/i.test(c.field)) ?? labelled[0];
  const from = `../../contracts/${config.serviceName}/${m.slug}`;
  const lines: string[] = [
    `import { ${m.contract} } from ${str(from)};`,
    `import { defineContractResource } from '../contract-resource';`,
    '',
    `export type { ${m.type} } from ${str(from)};`,
    '',
  ];
  lines.push('/**');
  lines.push(
    ` * ${comment(config.codeName)}: ${m.path} (table ${config.tableName}, made by the code generator); the`,
  );
  lines.push(" * fields are the contract's. Register the screen in src/resources/registry.ts:");
  lines.push(` *   ${str(m.route)}: () => import('./${config.serviceName}/${m.slug}'),`);
  lines.push(' */');
  lines.push('export default defineContractResource({');
  lines.push(`  contract: ${m.contract},`);
  if (!m.tenant) lines.push(`  writes: 'superAdmin',`);
  lines.push(`  paging: 'generic',`);
  lines.push(
    columnList(
      [...m.own.map(columnOf), ...(m.hasCreateTime ? [str('createTime')] : [])],
      2,
      'columns: ',
    ),
  );
  lines.push(
    list(
      textFilters(m.own).map((c) => str(c.field)),
      2,
      'filters: ',
    ),
  );
  const wide = m.own.filter(longText);
  if (wide.length)
    lines.push(
      obj(
        wide.map((c) => `${key(c.field)}: { kind: 'textarea', wide: true }`),
        2,
        'form: ',
      ),
    );
  const recordLabel = named
    ? named.notNull
      ? `(row) => row.${named.field}`
      : `(row) => row.${named.field} ?? row.id`
    : '(row) => row.id';
  lines.push(`  recordLabel: ${recordLabel},`);
  lines.push('});');
  return `${lines.join('\n')}\n`;
}

/** The three files of one configured table: its contract, server and console declarations. */
export function generateFiles(
  config: CodeConfig,
  columns: readonly TableColumn[],
): GeneratedFile[] {
  const m = modelOf(config, columns);
  return [
    { path: `src/contracts/${config.serviceName}/${m.slug}.ts`, content: contractFile(m) },
    { path: `server/services/${config.serviceName}/${m.slug}/table.ts`, content: serverFile(m) },
    { path: `src/resources/${config.serviceName}/${m.slug}.ts`, content: consoleFile(m) },
  ];
}
