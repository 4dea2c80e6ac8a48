import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import JSZip from 'jszip';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportFilesDir } from '../../lib/export/index.js';
import { createTestApp, data, type TestApp } from '../../test/support.js';
import { readColumns } from './code/columns.js';
import { generateFiles } from './code/templates.js';

interface Task {
  id: string;
  sourceFileName: string;
  status: string;
  fileUrl: string;
  excelType: string;
  rowCount: number;
}

const CODE = '/api/blade-develop/code';
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('blade-develop/code/gen-code', () => {
  let t: TestApp;
  let admin: string;
  let embedded: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.adminToken();
    embedded = data<{ id: string; name: string }[]>(
      await t.get('/api/blade-develop/datasource/select', admin),
    ).find((d) => d.name === '内置数据库')!.id;
  });
  afterAll(() => t.close());

  const configure = async (body: Record<string, unknown>) =>
    data<{ id: string }>(
      await t.post(`${CODE}/submit`, admin, {
        datasourceId: embedded,
        serviceName: 'blade-system',
        codeName: '岗位管理',
        tableName: 'blade_post',
        tablePrefix: 'blade_',
        pkName: 'id',
        baseMode: 2,
        wrapMode: 2,
        ...body,
      }),
    ).id;
  const tasks = async () =>
    data<{ records: Task[] }>(await t.get('/api/blade-system/data-export/list', admin)).records;
  const exportFiles = () =>
    fs.existsSync(exportFilesDir(t.app.ctx)) ? fs.readdirSync(exportFilesDir(t.app.ctx)) : [];

  /** The task's file through a one-time ticket, as the export centre downloads it. */
  async function download(id: string): Promise<{ res: LightMyRequestResponse; zip: JSZip }> {
    const { ticket } = data<{ ticket: string }>(
      await t.post('/api/blade-system/data-export/ticket', admin, undefined, { id }),
    );
    const res = await t.get('/api/blade-system/data-export/file', undefined, { ticket });
    expect(res.statusCode).toBe(200);
    return { res, zip: await JSZip.loadAsync(res.rawPayload) };
  }

  it('zips a contract, a server and a console declaration per configuration into a finished export task', async () => {
    const post = await configure({});
    const notice = await configure({
      serviceName: 'blade-desk',
      codeName: '通知公告',
      tableName: 'blade_notice',
    });
    const res = await t.post(`${CODE}/gen-code`, admin, undefined, {
      ids: `${post},${notice}`,
      system: 'saber3',
    });
    expect(msg(res)).toBe('代码生成成功');
    const { id } = data<{ id: string; sourceFileName: string }>(res);

    const [task] = await tasks();
    expect(task).toMatchObject({ id, status: '文件已生成', excelType: 'code', rowCount: 6 });
    expect(task!.sourceFileName).toMatch(/^代码生成-\d{14}\.zip$/);
    expect(task!.fileUrl).not.toBe('');

    const { res: file, zip } = await download(id);
    expect(file.headers['content-type']).toBe('application/zip');
    expect(file.headers['content-disposition']).toContain('attachment');
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]!.dir);
    expect(names.sort()).toEqual([
      'README.md',
      'server/services/blade-desk/notice/table.ts',
      'server/services/blade-system/post/table.ts',
      'src/contracts/blade-desk/notice.ts',
      'src/contracts/blade-system/post.ts',
      'src/resources/blade-desk/notice.ts',
      'src/resources/blade-system/post.ts',
    ]);
    const text = (name: string) => zip.file(name)!.async('string');

    const contract = await text('src/contracts/blade-system/post.ts');
    expect(contract).toContain("import { defineContract } from '../resource-contract';");
    expect(contract).toContain('export interface Post {');
    expect(contract).toContain('export const postContract = defineContract<Post>()({');
    expect(contract).toContain("service: 'blade-system/post'");
    expect(contract).toContain("route: '/system/post'");
    expect(contract).toContain("title: { zh: '岗位管理', en: 'Post' }");
    expect(contract).toContain("menu: 'post'");
    expect(contract).toContain("buttons: ['add', 'edit', 'delete', 'view']");
    // Required text with its length, a like filter and a sort (names and codes filter).
    expect(contract).toMatch(
      /postCode: \{\s+label: \{ zh: 'postCode', en: 'Post code' \},\s+required: \{ zh: '请输入postCode', en: 'Please enter post code' \},\s+maxLength: 32,\s+filter: 'like',\s+sortable: true,\s+\}/,
    );
    // Whole numbers filter by equality; a NOT NULL default is what an empty submit stores.
    expect(contract).toMatch(/category: \{[^}]*\},\s+kind: 'integer',[^]*?filter: 'equal'/);
    expect(contract).toMatch(/sort: \{[^]*?kind: 'integer',[^]*?emptyAs: 0,[^]*?\}/);
    // Nullable text is optional; text up to 255 characters sorts, longer text does not filter.
    expect(contract).toContain(
      "remark: { label: { zh: 'remark', en: 'Remark' }, maxLength: 255, sortable: true },",
    );
    expect(contract).toContain("createTime: {\n      label: { zh: '创建时间', en: 'Created' },");
    expect(contract).toMatch(/createTime: \{[^]*?readOnly: true,\s+sortable: true/);
    // Managed columns (tenant, audit) are the engine's, never declared.
    expect(contract).not.toMatch(/tenantId|createUser|isDeleted/);

    const server = await text('server/services/blade-system/post/table.ts');
    expect(server).toContain(
      "import { postContract } from '../../../../src/contracts/blade-system/post.js';",
    );
    expect(server).toContain("import { defineContractTable } from '../../../lib/table/index.js';");
    expect(server).toContain(
      [
        'export default defineContractTable({',
        '  contract: postContract,',
        "  table: 'bladePost',",
        "  scope: 'tenant',",
        // blade_post has a version column (migration 013): updates lock optimistically.
        '  versioned: true,',
        "  defaultOrder: { sort: 'asc', id: 'asc' },",
        '});',
      ].join('\n'),
    );

    const screen = await text('src/resources/blade-system/post.ts');
    expect(screen).toContain("import { postContract } from '../../contracts/blade-system/post';");
    expect(screen).toContain("import { defineContractResource } from '../contract-resource';");
    expect(screen).toContain("export type { Post } from '../../contracts/blade-system/post';");
    expect(screen).toContain('export default defineContractResource({\n  contract: postContract,');
    expect(screen).toContain("{ field: 'category', kind: 'number' }");
    expect(screen).toContain("filters: ['postCode', 'postName'],");
    expect(screen).toContain('recordLabel: (row) => row.postName');
    // What the contract says (service, route, labels, checks) is not repeated.
    expect(screen).not.toMatch(/service:|route:|label:|required:/);

    const noticeContract = await text('src/contracts/blade-desk/notice.ts');
    expect(noticeContract).toContain("route: '/desk/notice'");
    expect(noticeContract).toMatch(/releaseTime: \{[^]*?kind: 'dateTime'/);
    const noticeServer = await text('server/services/blade-desk/notice/table.ts');
    expect(noticeServer).toContain("from '../../../../src/contracts/blade-desk/notice.js';");
    const noticeScreen = await text('src/resources/blade-desk/notice.ts');
    expect(noticeScreen).toContain(
      "import { noticeContract } from '../../contracts/blade-desk/notice';",
    );
    // Long text: a wide textarea, a hidden column, no sort.
    expect(noticeScreen).toContain("{ field: 'content', width: 220, hiddenByDefault: true }");
    expect(noticeScreen).toContain("form: { content: { kind: 'textarea', wide: true } },");
    expect(noticeContract).toMatch(
      /content: \{ label: \{ zh: 'content', en: 'Content' \}, maxLength: \d+ \}/,
    );
  });

  it('fails the whole call, naming the configuration, when a table does not exist', async () => {
    const good = await configure({ codeName: '岗位二' });
    const missing = await configure({ codeName: '不存在的表', tableName: 'no_such_table' });
    const before = { tasks: (await tasks()).length, files: exportFiles().length };
    const res = await t.post(`${CODE}/gen-code`, admin, undefined, { ids: `${good},${missing}` });
    expect([res.statusCode, msg(res)]).toEqual([
      400,
      '代码生成失败：表 no_such_table 不存在（「不存在的表」）',
    ]);
    expect((await tasks()).length).toBe(before.tasks);
    expect(exportFiles().length).toBe(before.files);
  });

  it('reads the embedded database only, needs the key column, and knows its front ends', async () => {
    const other = data<{ id: string }>(
      await t.post('/api/blade-develop/datasource/submit', admin, {
        name: '外部库',
        driverClass: 'com.mysql.cj.jdbc.Driver',
        url: 'jdbc:mysql://db:3306/blade',
      }),
    ).id;
    const external = await configure({ codeName: '外部表', datasourceId: other });
    const badKey = await configure({ codeName: '主键错', pkName: 'post_id' });
    const before = (await tasks()).length;

    const cases: [Record<string, string>, string][] = [
      [{ ids: external }, '代码生成失败：「外部表」的数据源不是内置数据库，只能读取内置数据库的表'],
      [{ ids: badKey }, '代码生成失败：表 blade_post 没有主键列 post_id（「主键错」）'],
      [{ ids: badKey, system: 'vue9' }, '不支持的前端框架: vue9'],
      [{ ids: '404' }, '数据不存在'],
    ];
    for (const [query, expected] of cases) {
      const res = await t.post(`${CODE}/gen-code`, admin, undefined, query);
      expect(msg(res)).toBe(expected);
    }
    expect((await tasks()).length).toBe(before);
  });

  it('labels a field with its column comment (PostgreSQL), else with its name', async () => {
    const { db, dialect } = t.app.ctx;
    if (dialect === 'postgres')
      await sql`comment on column blade_post.post_name is ${sql.lit('岗位名称\n第二行')}`.execute(
        db,
      );
    const columns = (await readColumns(db, dialect, 'blade_post'))!;
    const postName = columns.find((c) => c.name === 'post_name')!;
    expect(postName.comment).toBe(dialect === 'postgres' ? '岗位名称' : undefined);
    const [contract] = generateFiles(
      {
        codeName: '岗位',
        serviceName: 'blade-system',
        tableName: 'blade_post',
        tablePrefix: 'blade_',
        pkName: 'id',
      },
      columns.map((c) => (c.name === 'post_code' ? { ...c, comment: "岗位'编号" } : c)),
    );
    expect(contract!.content).toContain(
      "label: { zh: '岗位\\'编号', en: 'Post code' },\n      required: { zh: '请输入岗位\\'编号', en: 'Please enter post code' },",
    );
    expect(contract!.content).toContain(
      dialect === 'postgres'
        ? "label: { zh: '岗位名称', en: 'Post name' }"
        : "label: { zh: 'postName', en: 'Post name' }",
    );
    if (dialect === 'postgres')
      await sql`comment on column blade_post.post_name is null`.execute(db);
  });

  it('writes contracts and declarations that compile against the real engines', async () => {
    const { db, dialect } = t.app.ctx;
    const generate = async (tableName: string, codeName: string) =>
      generateFiles(
        // A service folder of its own, so the generated files import one another (and the real
        // engines) where they would land, without meeting the hand-written declarations.
        { codeName, serviceName: 'gen-check', tableName, tablePrefix: 'blade_', pkName: 'id' },
        (await readColumns(db, dialect, tableName))!,
      );
    const files = [
      ...(await generate('blade_post', '岗位管理')),
      // Long text and dates; a global table written by the super administrator.
      ...(await generate('blade_notice', '通知公告')),
      ...(await generate('blade_datasource', '数据源')),
    ];
    expect(files.map((f) => f.path)).toEqual([
      'src/contracts/gen-check/post.ts',
      'server/services/gen-check/post/table.ts',
      'src/resources/gen-check/post.ts',
      'src/contracts/gen-check/notice.ts',
      'server/services/gen-check/notice/table.ts',
      'src/resources/gen-check/notice.ts',
      'src/contracts/gen-check/datasource.ts',
      'server/services/gen-check/datasource/table.ts',
      'src/resources/gen-check/datasource.ts',
    ]);
    const global = files.find((f) => f.path === 'server/services/gen-check/datasource/table.ts')!;
    expect(global.content).toContain(
      "  scope: 'global',\n  versioned: true,\n  access: { add: SUPER_ADMIN, edit: SUPER_ADMIN, remove: SUPER_ADMIN },",
    );
    expect(
      files.find((f) => f.path === 'src/resources/gen-check/datasource.ts')!.content,
    ).toContain("  writes: 'superAdmin',");

    // In memory only, at their paths in this repository.
    const root = process.cwd();
    const virtual = new Map(files.map((f) => [path.join(root, f.path), f.content]));
    const dirs = new Set(
      [...virtual.keys()].flatMap((f) => {
        const up: string[] = [];
        for (let d = path.dirname(f); d.startsWith(root) && d !== root; d = path.dirname(d))
          up.push(d);
        return up;
      }),
    );
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(root, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    )!;
    const host = ts.createCompilerHost(config.options);
    const { fileExists, readFile, getSourceFile, directoryExists } = host;
    host.fileExists = (f) => virtual.has(f) || fileExists.call(host, f);
    host.readFile = (f) => virtual.get(f) ?? readFile.call(host, f);
    host.directoryExists = (d) => dirs.has(d) || (directoryExists?.call(host, d) ?? true);
    host.getSourceFile = (f, version, ...rest) =>
      virtual.has(f)
        ? ts.createSourceFile(f, virtual.get(f)!, version)
        : getSourceFile.call(host, f, version, ...rest);
    const program = ts.createProgram([...virtual.keys()], config.options, host);
    const problems = [...virtual.keys()].flatMap((f) =>
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(f))
        .map(
          (d) =>
            `${path.relative(root, f)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
        ),
    );
    expect(problems).toEqual([]);
    // Every generated import names a file of the repository or another generated file.
    const resolved = [...virtual].flatMap(([f, content]) =>
      ts.preProcessFile(content).importedFiles.map(({ fileName }) => {
        const to = ts.resolveModuleName(fileName, f, config.options, host).resolvedModule;
        return `${path.relative(root, f)} -> ${to ? path.relative(root, to.resolvedFileName) : fileName}`;
      }),
    );
    expect(resolved.filter((r) => r.includes('/post'))).toEqual([
      'src/contracts/gen-check/post.ts -> src/contracts/resource-contract.ts',
      'server/services/gen-check/post/table.ts -> src/contracts/gen-check/post.ts',
      'server/services/gen-check/post/table.ts -> server/lib/table/index.ts',
      'src/resources/gen-check/post.ts -> src/contracts/gen-check/post.ts',
      'src/resources/gen-check/post.ts -> src/resources/contract-resource.ts',
      'src/resources/gen-check/post.ts -> src/contracts/gen-check/post.ts',
    ]);
    expect(resolved).toContain(
      'server/services/gen-check/datasource/table.ts -> server/auth/index.ts',
    );
  }, 60_000);
});
