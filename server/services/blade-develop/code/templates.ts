import type { TableColumn } from './columns.js';

/**
 * The code generator's output in this project's own style (ARCHITECTURE.md "Resource engine"):
 * for one configured table, the server declaration `server/services/<service>/<module>/table.ts`
 * (defineTable) and the console declaration `src/resources/<service>/<module>.ts`
 * (defineResource), written like the hand-written post declarations. Pure text: nothing here
 * touches the database or the file system.
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

/** `<prefix>[{...}, {...}],` of objects (given as their entries): one object per line or block. */
function objects(rows: readonly (readonly string[])[], indent: number, prefix: string): string {
  const pad = ' '.repeat(indent);
  if (rows.length === 0) return `${pad}${prefix}[],`;
  if (rows.length === 1) {
    const inline = `${pad}${prefix}[{ ${rows[0]!.join(', ')} }],`;
    if (width(inline) <= WIDTH) return inline;
  }
  return [`${pad}${prefix}[`, ...rows.map((r) => obj(r, indent + 2)), `${pad}],`].join('\n');
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
/** A value is needed: NOT NULL without a default. */
const required = (c: TableColumn) => c.notNull && c.defaultValue === undefined;

function modelOf(config: CodeConfig, columns: readonly TableColumn[]): Model {
  const module = moduleOf(config.tableName, config.tablePrefix);
  const slug = module.replace(/_/g, '-');
  const names = new Set(columns.map((c) => c.name.toLowerCase()));
  const pk = config.pkName.toLowerCase();
  return {
    config,
    module,
    slug,
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

// ---- server: server/services/<service>/<module>/table.ts ------------------------------------

function inputField(c: TableColumn): string {
  const f = c.field;
  if (c.kind === 'text') {
    const max = c.maxLength ?? UNBOUNDED;
    return c.notNull
      ? `${key(f)}: requiredText(z, ${str(`请输入${f}`)}, ${String(max)})`
      : `${key(f)}: optionalText(${String(max)})`;
  }
  const integer = c.kind === 'integer';
  const message = str(integer ? `${f}必须是整数` : `${f}必须是数字`);
  const fallback =
    typeof c.defaultValue === 'number' && c.notNull ? String(c.defaultValue) : 'undefined';
  let schema = `z.number({ error: ${required(c) ? str(`请输入${f}`) : message} })`;
  if (integer) schema += `.int(${message})`;
  if (!c.notNull) schema += '.optional()';
  return `${key(f)}: z.preprocess(\n      (v) => (blank(v) ? ${fallback} : Number(v)),\n      ${schema},\n    )`;
}

function serverFile(m: Model): string {
  const { config } = m;
  const code = m.module;
  const needs = {
    blank: m.own.some((c) => c.kind !== 'text'),
    optionalText: m.own.some((c) => c.kind === 'text' && !c.notNull),
    requiredText: m.own.some((c) => c.kind === 'text' && c.notNull),
  };
  const tableImports = [
    ...(needs.blank ? ['blank'] : []),
    'defineTable',
    ...(needs.optionalText ? ['optionalText'] : []),
  ];
  const lines: string[] = [`import { z } from 'zod';`];
  lines.push(`import { ${tableImports.join(', ')} } from '../../../lib/table/index.js';`);
  if (needs.requiredText) lines.push(`import { requiredText } from '../../../lib/validation.js';`);
  if (!m.tenant) lines.push(`import { SUPER_ADMIN } from '../../../auth/index.js';`);
  lines.push('');
  lines.push('/**');
  lines.push(
    ` * ${m.path}: ${comment(config.codeName)} (table ${config.tableName}, made by the code generator).`,
  );
  lines.push(
    ' * Serve it with `tableRoutes(table)` in server/routes.ts; the table needs its interface in',
  );
  lines.push(
    " * server/db/schema.ts (DB). Messages name the fields: give them the screen's words.",
  );
  if (config.pkName.toLowerCase() !== 'id')
    lines.push(
      ` * The key column is ${comment(config.pkName)}: the table engine serves tables keyed by id.`,
    );
  if (m.missingAudit.length)
    lines.push(
      ' * Missing audit columns (contract.md 4.0), which defineTable needs:',
      ` * ${m.missingAudit.join(', ')}.`,
    );
  if (!m.tenant)
    lines.push(' * No tenant_id column: one global set, written by the super administrator only.');
  lines.push(' */');
  lines.push('export default defineTable({');
  lines.push(`  path: ${str(m.path)},`);
  lines.push(`  table: ${str(camel(config.tableName))},`);
  lines.push(`  scope: ${str(m.tenant ? 'tenant' : 'global')},`);
  if (m.versioned) lines.push('  versioned: true,');
  lines.push('  access: {');
  lines.push(`    read: [${str(code)}, ${str(`${code}_view`)}],`);
  for (const [action, button] of [
    ['add', 'add'],
    ['edit', 'edit'],
    ['remove', 'delete'],
  ] as const)
    lines.push(`    ${action}: ${m.tenant ? str(`${code}_${button}`) : 'SUPER_ADMIN'},`);
  lines.push('  },');
  lines.push(
    list(
      m.own.map((c) => str(c.field)),
      2,
      'columns: ',
    ),
  );
  const filters = textFilters(m.own);
  const filterLines: string[] = [];
  for (const c of m.own) {
    if (filters.includes(c)) filterLines.push(`${key(c.field)}: { column: ${str(c.field)} }`);
    else if (c.kind === 'integer')
      filterLines.push(
        `${key(c.field)}: { column: ${str(c.field)}, default: 'equal', type: 'int' }`,
      );
  }
  lines.push('  list: {');
  lines.push(
    filterLines.length
      ? ['    filters: {', ...filterLines.map((f) => `      ${f},`), '    },'].join('\n')
      : '    filters: {},',
  );
  const sorts = [
    ...m.own.filter((c) => !longText(c)).map((c) => c.field),
    ...(m.hasCreateTime ? ['createTime'] : []),
  ];
  lines.push(
    obj(
      sorts.map((s) => `${key(s)}: ${str(s)}`),
      4,
      'sorts: ',
    ),
  );
  lines.push('  },');
  lines.push(`  defaultOrder: ${m.hasSort ? "{ sort: 'asc', id: 'asc' }" : "{ id: 'asc' }"},`);
  if (m.own.length === 0) lines.push('  input: z.object({}),');
  else {
    lines.push('  input: z.object({');
    for (const c of m.own) lines.push(`    ${inputField(c)},`);
    lines.push('  }),');
  }
  lines.push('});');
  return `${lines.join('\n')}\n`;
}

// ---- console: src/resources/<service>/<module>.ts -------------------------------------------

const label = (c: TableColumn) => `label: { zh: ${str(c.field)}, en: ${str(words(c.field))} }`;

function tsType(c: TableColumn): string {
  const base = c.kind === 'text' ? 'string' : 'number';
  return c.notNull ? base : `${base} | null`;
}

function columnDef(c: TableColumn): string[] {
  const entries = [`field: ${str(c.field)}`, label(c)];
  if (dateLike(c)) entries.push(`kind: 'dateTime'`);
  else if (c.kind !== 'text') entries.push(`kind: 'number'`);
  if (longText(c)) entries.push('width: 220', 'hiddenByDefault: true');
  else entries.push('sortable: true');
  return entries;
}

function formField(c: TableColumn): string[] {
  const kind = dateLike(c)
    ? 'date'
    : c.kind === 'integer'
      ? 'integer'
      : c.kind === 'decimal'
        ? 'decimal'
        : longText(c)
          ? 'textarea'
          : 'text';
  const entries = [`name: ${str(c.field)}`, `kind: '${kind}'`, label(c)];
  if (required(c) || (c.kind === 'text' && c.notNull))
    entries.push(
      `required: { zh: ${str(`请输入${c.field}`)}, en: ${str(`Please enter ${words(c.field).toLowerCase()}`)} }`,
    );
  if (c.kind === 'text' && kind !== 'date')
    entries.push(`maxLength: ${String(c.maxLength ?? UNBOUNDED)}`);
  if (kind === 'textarea') entries.push('wide: true');
  return entries;
}

function consoleFile(m: Model): string {
  const { config } = m;
  const code = m.module;
  const type = /^[A-Za-z]/.test(pascal(m.module)) ? pascal(m.module) : `Row${pascal(m.module)}`;
  const labelled = m.own.filter((c) => shortText(c) && key(c.field) === c.field);
  const named = labelled.find((c) => /(name|title)$/i.test(c.field)) ?? labelled[0];
  const lines: string[] = [`import { defineResource } from '../types';`, ''];
  lines.push(
    `/** ${comment(config.codeName)}: ${m.path} (table ${config.tableName}, made by the code generator). */`,
  );
  lines.push(`export interface ${type} {`);
  lines.push('  id: string;');
  for (const c of m.own) lines.push(`  ${key(c.field)}: ${tsType(c)};`);
  if (m.hasCreateTime) lines.push('  createTime: string;');
  lines.push('}');
  lines.push('');
  lines.push('/**');
  lines.push(' * Register the screen in src/resources/registry.ts (RESOURCE_ROUTES):');
  lines.push(` *   ${str(m.route)}: () => import('./${config.serviceName}/${m.slug}'),`);
  lines.push(" * Labels name the fields: give them the screen's words.");
  lines.push(' */');
  lines.push(`export default defineResource<${type}>({`);
  lines.push(`  service: ${str(m.path)},`);
  lines.push(`  route: ${str(m.route)},`);
  lines.push(`  title: { zh: ${str(config.codeName)}, en: ${str(words(camel(m.module)))} },`);
  lines.push(
    obj(
      [
        `add: ${str(`${code}_add`)}`,
        `edit: ${str(`${code}_edit`)}`,
        `remove: ${str(`${code}_delete`)}`,
        `view: ${str(`${code}_view`)}`,
      ],
      2,
      'permissions: ',
    ),
  );
  if (!m.tenant) lines.push(`  writes: 'superAdmin',`);
  lines.push(`  paging: 'generic',`);
  const created = [
    `field: 'createTime'`,
    `label: { zh: '创建时间', en: 'Created' }`,
    `kind: 'dateTime'`,
    'sortable: true',
  ];
  lines.push(
    objects([...m.own.map(columnDef), ...(m.hasCreateTime ? [created] : [])], 2, 'columns: '),
  );
  lines.push(
    objects(
      textFilters(m.own).map((c) => [`name: ${str(c.field)}`, `kind: 'input'`, label(c)]),
      2,
      'filters: ',
    ),
  );
  lines.push(objects(m.own.map(formField), 2, 'form: '));
  const recordLabel = named
    ? named.notNull
      ? `(row) => row.${named.field}`
      : `(row) => row.${named.field} ?? row.id`
    : '(row) => row.id';
  lines.push(`  recordLabel: ${recordLabel},`);
  lines.push('});');
  return `${lines.join('\n')}\n`;
}

/** The two files of one configured table. */
export function generateFiles(
  config: CodeConfig,
  columns: readonly TableColumn[],
): GeneratedFile[] {
  const m = modelOf(config, columns);
  return [
    { path: `server/services/${config.serviceName}/${m.slug}/table.ts`, content: serverFile(m) },
    { path: `src/resources/${config.serviceName}/${m.slug}.ts`, content: consoleFile(m) },
  ];
}
