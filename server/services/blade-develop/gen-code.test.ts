import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import JSZip from 'jszip';
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

  it('zips a server and a console declaration per configuration into a finished export task', async () => {
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
    expect(task).toMatchObject({ id, status: '文件已生成', excelType: 'code', rowCount: 4 });
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
      'src/resources/blade-desk/notice.ts',
      'src/resources/blade-system/post.ts',
    ]);

    const server = await zip.file('server/services/blade-system/post/table.ts')!.async('string');
    expect(server).toContain("path: 'blade-system/post'");
    expect(server).toContain("table: 'bladePost'");
    expect(server).toContain("scope: 'tenant'");
    expect(server).toContain("columns: ['category', 'postCode', 'postName', 'sort', 'remark']");
    expect(server).toContain("postCode: requiredText(z, '请输入postCode', 32)");
    expect(server).toContain('remark: optionalText(255)');
    // Managed columns (tenant, audit) are the engine's, never declared.
    expect(server).not.toMatch(/tenantId|createUser|isDeleted/);

    const screen = await zip.file('src/resources/blade-system/post.ts')!.async('string');
    expect(screen).toContain("service: 'blade-system/post'");
    expect(screen).toContain("route: '/system/post'");
    expect(screen).toContain("title: { zh: '岗位管理', en: 'Post' }");
    for (const field of ['category', 'postCode', 'postName', 'sort', 'remark'])
      expect(screen).toContain(`field: '${field}'`);
    expect(screen).toContain("{ name: 'postName', kind: 'input'");
    expect(screen).toContain("{ name: 'category', kind: 'integer'");
    expect(screen).toContain('recordLabel: (row) => row.postName');

    const noticeScreen = await zip.file('src/resources/blade-desk/notice.ts')!.async('string');
    expect(noticeScreen).toContain("route: '/desk/notice'");
    expect(noticeScreen).toContain("name: 'releaseTime', kind: 'date'");
    expect(noticeScreen).toContain("kind: 'textarea'");
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

  it('writes declarations that compile against the real engines', async () => {
    const columns = (await readColumns(t.app.ctx.db, t.app.ctx.dialect, 'blade_post'))!;
    const files = generateFiles(
      {
        codeName: '岗位管理',
        serviceName: 'blade-system',
        tableName: 'blade_post',
        tablePrefix: 'blade_',
        pkName: 'id',
      },
      columns,
    );
    // Beside the hand-written declarations (so their relative imports resolve), in memory only.
    const root = process.cwd();
    const virtual = new Map(
      files.map((f) => [path.join(root, f.path.replace(/\.ts$/, '.generated.ts')), f.content]),
    );
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(root, 'tsconfig.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    )!;
    const host = ts.createCompilerHost(config.options);
    const { fileExists, readFile, getSourceFile } = host;
    host.fileExists = (f) => virtual.has(f) || fileExists.call(host, f);
    host.readFile = (f) => virtual.get(f) ?? readFile.call(host, f);
    host.getSourceFile = (f, version, ...rest) =>
      virtual.has(f)
        ? ts.createSourceFile(f, virtual.get(f)!, version)
        : getSourceFile.call(host, f, version, ...rest);
    const program = ts.createProgram([...virtual.keys()], config.options, host);
    const problems = [...virtual.keys()].flatMap((f) =>
      ts
        .getPreEmitDiagnostics(program, program.getSourceFile(f))
        .map((d) => `${path.basename(f)}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`),
    );
    expect(problems).toEqual([]);
  }, 60_000);
});
