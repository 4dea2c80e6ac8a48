import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  data,
  DEMO_PASSWORD,
  DEMO_TENANT,
  type TestApp,
} from '../../test/support.js';
import { parseOutboundAllowlist } from '../../lib/outbound.js';
import { EMBEDDED_DATASOURCE } from './embedded.js';

interface Datasource {
  id: string;
  name: string;
  driverClass: string;
  url: string;
  username: string;
  password: string;
  remark: string;
}
interface Code {
  id: string;
  datasourceId: string;
  datasourceName: string;
  serviceName: string;
  codeName: string;
  tableName: string;
  tablePrefix: string;
  pkName: string;
  baseMode: number;
  wrapMode: number;
}
interface Page<T> {
  records: T[];
  total: number;
}

const DS = '/api/blade-develop/datasource';
const CODE = '/api/blade-develop/code';
const MASK = '******';
const msg = (res: LightMyRequestResponse) => (res.json() as { msg: string }).msg;

describe('blade-develop: data sources and code generator configurations', () => {
  let t: TestApp;
  let admin: string;
  /** The demo tenant's administrator: holds the menus, is not the super administrator. */
  let tenantAdmin: string;
  /** Holds neither menu. */
  let staff: string;
  beforeAll(async () => {
    // The report database of these tests is on a private network: the allowlist names it.
    t = await createTestApp({ config: { outboundAllowlist: parseOutboundAllowlist('10.0.0.5') } });
    admin = await t.adminToken();
    tenantAdmin = await t.tenantAdminToken();
    staff = await t.login('sales', DEMO_PASSWORD, DEMO_TENANT);
  });
  afterAll(() => t.close());

  const storedPassword = async (id: string) =>
    (
      await t.app.ctx.db
        .selectFrom('bladeDatasource')
        .select('password')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).password;
  const sources = async (query: Record<string, string> = {}) =>
    data<Page<Datasource>>(await t.get(`${DS}/list`, admin, query)).records;
  const embeddedId = async () => (await sources({ name: '内置数据库' }))[0]!.id;

  const pg = {
    name: '报表库',
    driverClass: 'org.postgresql.Driver',
    url: 'jdbc:postgresql://10.0.0.5:5432/report?useSSL=false&amp;stringtype=unspecified',
    username: 'report',
    password: 'rep0rt-Secret',
    remark: '只读副本',
  };

  describe('datasource', () => {
    it('starts with the embedded database, its driver matching the running dialect', async () => {
      const [embedded] = await sources();
      expect(embedded).toMatchObject({
        name: '内置数据库',
        ...EMBEDDED_DATASOURCE[t.app.ctx.dialect],
        password: '',
      });
    });

    it('creates a data source with the url unescaped and the password never answered', async () => {
      const created = await t.post(`${DS}/submit`, admin, pg);
      expect(msg(created)).toBe('新增成功');
      expect(created.body).not.toContain('rep0rt-Secret');
      const { id } = data<{ id: string }>(created);
      expect(await storedPassword(id)).toBe('rep0rt-Secret');

      const detail = await t.get(`${DS}/detail`, admin, { id });
      expect(detail.body).not.toContain('rep0rt-Secret');
      expect(data<Datasource>(detail)).toMatchObject({
        name: '报表库',
        url: 'jdbc:postgresql://10.0.0.5:5432/report?useSSL=false&stringtype=unspecified',
        username: 'report',
        password: MASK,
      });
      const list = await t.get(`${DS}/list`, admin, { name: '报表' });
      expect(list.body).not.toContain('rep0rt-Secret');
      expect(data<Page<Datasource>>(list).records.map((r) => r.password)).toEqual([MASK]);
      const select = await t.get(`${DS}/select`, admin);
      expect(select.body).not.toContain('rep0rt-Secret');
      expect(data<Datasource[]>(select).map((r) => r.name)).toEqual(['内置数据库', '报表库']);
    });

    it('keeps the stored password when the mask or nothing comes back; a new one replaces it', async () => {
      const [row] = await sources({ name: '报表库' });
      for (const password of [MASK, '', undefined]) {
        const res = await t.post(`${DS}/submit`, admin, { ...pg, id: row!.id, password });
        expect(msg(res)).toBe('修改成功');
        expect(await storedPassword(row!.id)).toBe('rep0rt-Secret');
      }
      await t.post(`${DS}/submit`, admin, { ...pg, id: row!.id, password: 'n3w-Secret' });
      expect(await storedPassword(row!.id)).toBe('n3w-Secret');
    });

    it('validates the submit with zh messages', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...pg, name: ' ' }, 'name:请输入数据源名称'],
        [{ ...pg, name: 'x'.repeat(101) }, 'name:长度不能超过100个字符'],
        [{ ...pg, name: '报表库' }, 'name:数据源名称已存在'],
        [{ ...pg, name: 'a', driverClass: '' }, 'driverClass:请选择驱动类'],
        [
          { ...pg, name: 'a', driverClass: 'oracle.jdbc.OracleDriver' },
          'driverClass:不支持的驱动类',
        ],
        [{ ...pg, name: 'a', url: '' }, 'url:请输入连接地址'],
        [{ ...pg, name: 'a', url: 'postgres://db/x' }, 'url:连接地址须以jdbc:开头'],
        [
          { ...pg, name: 'a', url: `jdbc:postgresql://${'h'.repeat(500)}` },
          'url:长度不能超过500个字符',
        ],
        [
          { ...pg, name: 'a', url: 'jdbc:mysql://db:3306/x' },
          'url:连接地址须以jdbc:postgresql:开头',
        ],
        [{ ...pg, name: 'a', username: 'u'.repeat(51) }, 'username:长度不能超过50个字符'],
        // Issue 15 item 14: this machine, private networks and metadata services are refused.
        ...[
          'jdbc:postgresql://127.0.0.1:5432/x',
          'jdbc:postgresql://0x7f000001/x',
          'jdbc:postgresql://[::ffff:a9fe:a9fe]:5432/x',
          'jdbc:postgresql://169.254.169.254/x',
          'jdbc:postgresql://user:pw@localhost/x',
          'jdbc:postgresql://10.0.0.5,192.168.0.9:5432/x',
          'jdbc:postgresql://metadata.google.internal/x',
          'jdbc:postgresql:x',
        ].map(
          (url) =>
            [
              { ...pg, name: 'a', url },
              'url:连接地址不能指向本机、内网或云元数据地址（可由管理员加入 OUTBOUND_ALLOWLIST）',
            ] as [Record<string, unknown>, string],
        ),
      ];
      for (const [body, expected] of cases) {
        const res = await t.post(`${DS}/submit`, admin, body);
        expect([res.statusCode, msg(res)]).toEqual([
          expected.includes('已存在') ? 409 : 400,
          expected,
        ]);
      }
      expect(await sources({ name: 'a' })).toEqual([]);
    });

    it('lets only the super administrator write, and only menu holders read', async () => {
      const [row] = await sources({ name: '报表库' });
      // The tenant administrator holds the menu and its buttons but is not the super administrator.
      const list = await t.get(`${DS}/list`, tenantAdmin);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain('n3w-Secret');
      for (const res of [
        await t.post(`${DS}/submit`, tenantAdmin, { ...pg, name: '越权' }),
        await t.post(`${DS}/submit`, tenantAdmin, { ...pg, id: row!.id, password: 'x' }),
        await t.post(`${DS}/remove`, tenantAdmin, undefined, { ids: row!.id }),
      ])
        expect(res.statusCode).toBe(403);
      expect(await storedPassword(row!.id)).toBe('n3w-Secret');
      for (const path of ['list', 'select'])
        expect((await t.get(`${DS}/${path}`, staff)).statusCode).toBe(403);
      expect((await t.get(`${DS}/detail`, staff, { id: row!.id })).statusCode).toBe(403);
    });
  });

  describe('code', () => {
    const config = async () => ({
      datasourceId: await embeddedId(),
      serviceName: 'blade-system',
      codeName: '岗位管理',
      tableName: 'blade_post',
      tablePrefix: 'blade_',
      pkName: 'id',
      packageName: 'org.springblade.system',
      baseMode: 2,
      wrapMode: 2,
      apiPath: '',
      webPath: '',
    });
    const codes = async (query: Record<string, string> = {}) =>
      data<Page<Code>>(await t.get(`${CODE}/list`, admin, query)).records;

    it('creates, lists with the data source name, filters, updates and removes', async () => {
      const created = await t.post(`${CODE}/submit`, admin, await config());
      expect(msg(created)).toBe('新增成功');
      const { id } = data<{ id: string }>(created);
      await t.post(`${CODE}/submit`, admin, {
        ...(await config()),
        codeName: '通知公告',
        tableName: 'blade_notice',
      });

      expect(await codes()).toHaveLength(2);
      expect((await codes({ codeName: '岗位' }))[0]).toMatchObject({
        id,
        datasourceName: '内置数据库',
        tableName: 'blade_post',
        pkName: 'id',
        baseMode: 2,
      });
      expect((await codes({ tableName: 'notice' })).map((c) => c.codeName)).toEqual(['通知公告']);
      // The model name is the table without its prefix.
      expect((await codes({ modelName: 'post' })).map((c) => c.codeName)).toEqual(['岗位管理']);
      // Unknown filters are ignored, not an error.
      expect(await codes({ packageName: 'nothing' })).toHaveLength(2);

      const updated = await t.post(`${CODE}/submit`, admin, {
        ...(await config()),
        id,
        codeName: '岗位',
        pkName: '',
      });
      expect(msg(updated)).toBe('修改成功');
      expect(data<Code>(await t.get(`${CODE}/detail`, admin, { id }))).toMatchObject({
        codeName: '岗位',
        pkName: 'id',
      });

      const notice = (await codes({ codeName: '通知' }))[0]!;
      expect(msg(await t.post(`${CODE}/remove`, admin, undefined, { ids: notice.id }))).toBe(
        '删除成功',
      );
      expect((await codes()).map((c) => c.codeName)).toEqual(['岗位']);
    });

    it('validates the submit: data source, identifiers, modes', async () => {
      const base = await config();
      const cases: [Record<string, unknown>, string][] = [
        [{ ...base, datasourceId: '' }, 'datasourceId:请选择数据源'],
        [{ ...base, datasourceId: '404' }, 'datasourceId:数据源不存在'],
        [{ ...base, serviceName: '' }, 'serviceName:请输入服务名称'],
        [
          { ...base, serviceName: '../etc' },
          'serviceName:服务名称只能包含字母、数字、_和-，且以字母开头',
        ],
        [{ ...base, codeName: '' }, 'codeName:请输入模块名称'],
        [{ ...base, tableName: '' }, 'tableName:请输入表名'],
        [
          { ...base, tableName: 'blade_post; drop table blade_user' },
          'tableName:表名只能包含字母、数字和_，且不能以数字开头',
        ],
        [{ ...base, tableName: '1post' }, 'tableName:表名只能包含字母、数字和_，且不能以数字开头'],
        [{ ...base, tablePrefix: 'blade/' }, 'tablePrefix:表前缀只能包含字母、数字和_'],
        [{ ...base, pkName: 'id key' }, 'pkName:主键名只能包含字母、数字和_，且不能以数字开头'],
        [
          { ...base, packageName: 'org..x' },
          'packageName:包名格式不正确，例如 org.springblade.desk',
        ],
        [{ ...base, baseMode: 3 }, 'baseMode:请选择基础业务模式'],
        [{ ...base, wrapMode: '' }, 'wrapMode:请选择包装器模式'],
      ];
      for (const [body, expected] of cases) {
        const res = await t.post(`${CODE}/submit`, admin, body);
        expect([res.statusCode, msg(res)]).toEqual([400, expected]);
      }
    });

    it('copies a configuration under <name>-copy', async () => {
      const [post] = await codes({ codeName: '岗位' });
      const copied = await t.post(`${CODE}/copy`, admin, undefined, { id: post!.id });
      expect(msg(copied)).toBe('复制成功');
      const { id } = data<{ id: string }>(copied);
      expect(id).not.toBe(post!.id);
      expect(data<Code>(await t.get(`${CODE}/detail`, admin, { id }))).toMatchObject({
        codeName: '岗位-copy',
        tableName: 'blade_post',
        serviceName: 'blade-system',
        datasourceId: post!.datasourceId,
      });
      expect((await t.post(`${CODE}/copy`, admin, undefined, { id: '404' })).statusCode).toBe(404);
    });

    it('refuses to remove a data source that configurations use', async () => {
      const res = await t.post(`${DS}/remove`, admin, undefined, { ids: await embeddedId() });
      expect([res.statusCode, msg(res)]).toEqual([
        400,
        '数据源正被代码生成配置「岗位」使用，不能删除',
      ]);
      const [spare] = await sources({ name: '报表库' });
      expect(msg(await t.post(`${DS}/remove`, admin, undefined, { ids: spare!.id }))).toBe(
        '删除成功',
      );
      expect(await sources({ name: '报表库' })).toEqual([]);
      // Logic delete: the row is still there.
      expect(await storedPassword(spare!.id)).toBe('n3w-Secret');
    });

    it('lets only the super administrator write, copy and generate; only menu holders read', async () => {
      const [post] = await codes({ codeName: '岗位' });
      expect((await t.get(`${CODE}/list`, tenantAdmin)).statusCode).toBe(200);
      for (const res of [
        await t.post(`${CODE}/submit`, tenantAdmin, await config()),
        await t.post(`${CODE}/remove`, tenantAdmin, undefined, { ids: post!.id }),
        await t.post(`${CODE}/copy`, tenantAdmin, undefined, { id: post!.id }),
        await t.post(`${CODE}/gen-code`, tenantAdmin, undefined, { ids: post!.id }),
      ])
        expect(res.statusCode).toBe(403);
      expect((await t.get(`${CODE}/list`, staff)).statusCode).toBe(403);
      expect((await t.get(`${CODE}/detail`, staff, { id: post!.id })).statusCode).toBe(403);
      expect(await codes({ codeName: '岗位' })).toHaveLength(2);
    });
  });
});
