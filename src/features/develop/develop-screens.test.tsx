import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceScreen, type ResourceScreenProps } from '../../resources/engine/resource-screen';
import codeConfigs from '../../resources/blade-develop/code';
import datasources from '../../resources/blade-develop/datasource';
import { renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';

/** The code generator and data source screens on the resource engine, against scripted answers. */

beforeAll(() => giveTableAViewport());
// A resource table takes a second or two to mount under jsdom.
vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 8000 };

let calls: Call[] = [];

const page = (records: object[]) => ({
  records,
  total: records.length,
  size: 10,
  current: 1,
  pages: 1,
});

const CODES = [
  {
    id: '11',
    datasourceId: '1',
    datasourceName: '内置数据库',
    serviceName: 'blade-system',
    codeName: '岗位管理',
    tableName: 'blade_post',
    tablePrefix: 'blade_',
    pkName: 'id',
    packageName: 'org.springblade.system',
    baseMode: 2,
    wrapMode: 1,
  },
  {
    id: '12',
    datasourceId: '1',
    datasourceName: '内置数据库',
    serviceName: 'blade-desk',
    codeName: '通知公告',
    tableName: 'blade_notice',
    tablePrefix: 'blade_',
    pkName: 'id',
    packageName: '',
    baseMode: 1,
    wrapMode: 1,
  },
];

const SOURCES = [
  {
    id: '1',
    name: '报表库',
    driverClass: 'org.postgresql.Driver',
    url: 'jdbc:postgresql://db:5432/report',
    username: 'report',
    password: '******',
    remark: '',
  },
];

let superAdmin = true;

function answer(call: Call): unknown {
  const path = call.url.split('?')[0]!;
  if (path.endsWith('/oauth/user-info'))
    return { user_id: '1', tenant_id: '000000', is_super_admin: superAdmin, permissions: [] };
  if (path === '/api/blade-develop/code/list') return page(CODES);
  if (path === '/api/blade-develop/datasource/list') return page(SOURCES);
  if (path === '/api/blade-develop/code/gen-code')
    return { id: '900', sourceFileName: '代码生成-20250101120000.zip' };
  if (path.endsWith('/submit') || path.endsWith('/copy')) return { id: '99' };
  return null;
}

beforeEach(() => {
  superAdmin = true;
  calls = scriptFetch(answer);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup(def: unknown, route: string, held: string[]) {
  window.history.replaceState(null, '', route);
  renderSignedIn(<ResourceScreen def={def as ResourceScreenProps['def']} route={route} />, {
    permissions: held,
  });
}

/** The screen's own writes (not the table layout it saves). */
const posts = () =>
  calls.filter((c) => c.method === 'POST' && !c.url.startsWith('/api/blade-system/table-set'));

describe('code generator screen', () => {
  const HELD = ['code_generator', 'code_generator_copy', 'code_generator_gen'];

  it('lists the configurations with their data source and modes', async () => {
    setup(codeConfigs, '/system/code', HELD);
    await screen.findByText('通知公告', {}, SLOW);
    const row = screen.getByText('岗位管理').closest('tr')!;
    expect(within(row).getByText('blade_post')).toBeTruthy();
    expect(within(row).getByText('内置数据库')).toBeTruthy();
    expect(within(row).getByText('是')).toBeTruthy();
    expect(within(row).getByText('否')).toBeTruthy();
    // The filters the server allows.
    for (const name of ['模块名称', '表名', '模型名称'])
      expect(screen.getByRole('textbox', { name })).toBeTruthy();
  });

  it('generates the selected configurations after a confirmation and points to the export centre', async () => {
    setup(codeConfigs, '/system/code', HELD);
    await screen.findByText('通知公告', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '代码生成' }));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();
    expect(posts()).toHaveLength(0);

    for (const box of screen.getAllByRole('checkbox', { name: '选择' })) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: '代码生成' }));
    const ask = await screen.findByRole('dialog', { name: /确认|提示/ });
    expect(
      within(ask).getByText('确定为选中的配置生成代码？生成的文件打包后放入数据导出中心。'),
    ).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: /确定/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.url).toBe('/api/blade-develop/code/gen-code?ids=11%2C12&system=saber3');
    expect(await screen.findByText('代码生成成功，请在数据导出中心下载')).toBeTruthy();
  });

  it('generates or copies one configuration from its row; cancelling sends nothing', async () => {
    setup(codeConfigs, '/system/code', HELD);
    await screen.findByText('通知公告', {}, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '代码生成 通知公告' }));
    let ask = await screen.findByRole('dialog', { name: /确认|提示/ });
    fireEvent.click(within(ask).getByRole('button', { name: /取消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /确认|提示/ })).toBeNull());
    expect(posts()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: '代码生成 通知公告' }));
    ask = await screen.findByRole('dialog', { name: /确认|提示/ });
    fireEvent.click(within(ask).getByRole('button', { name: /确定/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.url).toBe('/api/blade-develop/code/gen-code?ids=12&system=saber3');

    fireEvent.click(screen.getByRole('button', { name: '复制 岗位管理' }));
    ask = await screen.findByRole('dialog', { name: /确认|提示/ });
    expect(within(ask).getByText('确定复制该配置？')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: /确定/ }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.url).toBe('/api/blade-develop/code/copy?id=11');
    expect(await screen.findByText('复制成功')).toBeTruthy();
  });

  it('offers neither action to a reader without the buttons', async () => {
    setup(codeConfigs, '/system/code', ['code_generator']);
    await screen.findByText('通知公告', {}, SLOW);
    expect(screen.queryByRole('button', { name: /代码生成/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /复制/ })).toBeNull();
  });

  it('offers neither action to a tenant administrator holding the buttons (super administrator only)', async () => {
    superAdmin = false;
    setup(codeConfigs, '/system/code', HELD);
    await screen.findByText('通知公告', {}, SLOW);
    expect(screen.queryByRole('button', { name: /代码生成/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /复制/ })).toBeNull();
  });
});

describe('data source screen', () => {
  it('shows the mask, never a stored password, and saves it unchanged so the server keeps it', async () => {
    setup(datasources, '/system/datasource', ['datasource', 'datasource_edit']);
    await screen.findByText('报表库', {}, SLOW);
    // The password is not a column.
    expect(screen.queryByText('******')).toBeNull();

    fireEvent.click(await screen.findByRole('button', { name: '编辑 报表库' }, SLOW));
    const form = await screen.findByRole('dialog');
    const password = within(form).getByLabelText<HTMLInputElement>('密码');
    expect(password.type).toBe('password');
    // Said on edit only: a new data source has no stored password to keep.
    expect(within(form).getByText('不修改请保持原样')).toBeTruthy();
    expect(password.value).toBe('******');
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]).toMatchObject({
      url: '/api/blade-develop/datasource/submit',
      body: {
        id: '1',
        name: '报表库',
        driverClass: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://db:5432/report',
        password: '******',
      },
    });
  });
});
