import type { FastifyInstance } from 'fastify';
import JSZip from 'jszip';
import type { AppContext } from '../../context.js';
import type { RouteDocInput } from '../../lib/api-doc/index.js';
import type { Selectable } from 'kysely';
import type { CodeTable } from '../../db/schema.js';
import { ok } from '../../lib/envelope.js';
import { badRequest, notFound } from '../../lib/errors.js';
import { recordFinishedFile } from '../../lib/export/index.js';
import { nextId } from '../../lib/ids.js';
import { idList, param, requiredParam } from '../../lib/params.js';
import { insertAudit } from '../../lib/records.js';
import { tableRoutes } from '../../lib/table/index.js';
import { formatDateTime, nowText } from '../../lib/time.js';
import { currentUser, SUPER_ADMIN, type AuthUser } from '../../auth/index.js';
import { readColumns } from './code/columns.js';
import codeTable from './code/table.js';
import { generateFiles, type GeneratedFile } from './code/templates.js';
import datasourceTable from './datasource/table.js';
import { isEmbeddedDatasource } from './embedded.js';

/** Front ends BladeX's gen-code names (`system`); ours writes the same files for each. */
export const GEN_SYSTEMS = ['saber3', 'saber', 'sword', 'element'] as const;
/** Contract 4.14: the answer of gen-code. */
export const GEN_DONE = '代码生成成功';
/** Configurations generated in one call at most. */
export const MAX_GEN = 50;

const fail = (reason: string) => badRequest(`代码生成失败：${reason}`);

/**
 * Generates the files of the chosen configurations from the embedded database's tables and hands
 * them to the export centre as one finished .zip (nothing is written into the server's source
 * tree). All or nothing: a configuration whose data source is not the embedded database, whose
 * table does not exist or lacks the key column fails the call, naming the configuration, and
 * nothing is recorded.
 */
async function generate(ctx: AppContext, user: AuthUser, ids: string[], system: string) {
  const rows = await ctx.db
    .selectFrom('bladeCode')
    .selectAll()
    .where('id', 'in', ids)
    .where('isDeleted', '=', 0)
    .execute();
  if (rows.length !== ids.length) throw notFound();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const sources = await ctx.db
    .selectFrom('bladeDatasource')
    .select(['id', 'driverClass', 'url'])
    .where('id', 'in', [...new Set(rows.map((r) => r.datasourceId))])
    .where('isDeleted', '=', 0)
    .execute();
  const sourceOf = new Map(sources.map((s) => [s.id, s]));

  const files: GeneratedFile[] = [];
  const madeBy = new Map<string, string>();
  for (const id of ids) {
    const code = byId.get(id) as Selectable<CodeTable>;
    const name = `「${code.codeName}」`;
    const source = sourceOf.get(code.datasourceId);
    if (!source) throw fail(`${name}的数据源不存在`);
    if (!isEmbeddedDatasource(source, ctx.dialect))
      throw fail(`${name}的数据源不是内置数据库，只能读取内置数据库的表`);
    const columns = await readColumns(ctx.db, ctx.dialect, code.tableName);
    if (!columns) throw fail(`表 ${code.tableName} 不存在（${name}）`);
    if (!columns.some((c) => c.name.toLowerCase() === code.pkName.toLowerCase()))
      throw fail(`表 ${code.tableName} 没有主键列 ${code.pkName}（${name}）`);
    for (const file of generateFiles(code, columns)) {
      const earlier = madeBy.get(file.path);
      if (earlier !== undefined) throw fail(`${earlier}与${name}生成的文件相同：${file.path}`);
      madeBy.set(file.path, name);
      files.push(file);
    }
  }

  const zip = new JSZip();
  const readme = [
    `# 代码生成 (${system})`,
    '',
    '把文件按目录放入项目；说明见每个文件开头的注释。',
    'Put the files into the project at their paths; each file says what else to add.',
    '',
    ...files.map((f) => `- ${f.path}`),
    '',
  ].join('\n');
  zip.file('README.md', readme);
  for (const file of files) zip.file(file.path, file.content);
  const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
  const stamp = formatDateTime(new Date(ctx.now() * 1000)).replace(/\D/g, '');
  return recordFinishedFile(
    ctx,
    user,
    {
      fileName: `代码生成-${stamp}.zip`,
      excelType: 'code',
      service: 'blade-develop/code',
      rows: files.length,
    },
    content,
  );
}

/**
 * blade-develop (contract.md 4.14): data sources and code generator configurations (table
 * declarations), plus `code/copy?id=` (a new configuration named `<name>-copy`) and
 * `code/gen-code?ids=&system=` (a .zip in the export centre). Super administrator only, like
 * every write of these global tables.
 */
export default async function developRoutes(app: FastifyInstance): Promise<void> {
  await tableRoutes(datasourceTable)(app);
  await tableRoutes(codeTable)(app);
  const base = '/api/blade-develop/code';
  const copyDoc: RouteDocInput = {
    summary: { zh: '复制代码生成配置（名称加 -copy）', en: 'Copy a configuration (name + -copy)' },
    query: [{ name: 'id', type: 'string', required: true }],
    response: { zh: 'data.id：新配置', en: 'data.id: the new configuration' },
  };
  const genDoc: RouteDocInput = {
    summary: {
      zh: '代码生成：按配置读取内置数据库的表，生成的文件打包放入数据导出中心',
      en: 'Generate code from embedded tables; the files are zipped into the export centre',
    },
    query: [
      { name: 'ids', type: 'string', required: true },
      { name: 'system', type: 'string', enum: GEN_SYSTEMS },
    ],
    response: {
      zh: 'data.id：导出任务（文件已生成），经下载凭证下载',
      en: 'data.id: the finished export task, downloaded through a ticket',
    },
  };

  app.post(`${base}/copy`, { config: { access: SUPER_ADMIN, doc: copyDoc } }, async (request) => {
    const user = currentUser(request);
    const source = await app.ctx.db
      .selectFrom('bladeCode')
      .selectAll()
      .where('id', '=', requiredParam(request, 'id'))
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    if (!source) throw notFound();
    const id = nextId();
    await app.ctx.db
      .insertInto('bladeCode')
      .values({
        id,
        datasourceId: source.datasourceId,
        serviceName: source.serviceName,
        codeName: `${source.codeName.slice(0, 59)}-copy`,
        tableName: source.tableName,
        tablePrefix: source.tablePrefix,
        pkName: source.pkName,
        packageName: source.packageName,
        baseMode: source.baseMode,
        wrapMode: source.wrapMode,
        apiPath: source.apiPath,
        webPath: source.webPath,
        ...insertAudit(user, nowText()),
      })
      .execute();
    return ok({ id }, '复制成功');
  });

  app.post(
    `${base}/gen-code`,
    { config: { access: SUPER_ADMIN, doc: genDoc } },
    async (request) => {
      const ids = [...new Set(idList(request))];
      if (ids.length > MAX_GEN) throw badRequest(`一次最多生成${MAX_GEN}个`);
      const system = param(request, 'system') ?? 'saber3';
      if (!(GEN_SYSTEMS as readonly string[]).includes(system))
        throw badRequest(`不支持的前端框架: ${system}`);
      const task = await generate(app.ctx, currentUser(request), ids, system);
      return ok({ id: task.id, sourceFileName: task.sourceFileName }, GEN_DONE);
    },
  );
}
