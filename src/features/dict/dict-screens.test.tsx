import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceScreen, type ResourceScreenProps } from '../../resources/engine/resource-screen';
import dictBiz from '../../resources/blade-system/dict-biz';
import type { Dict } from '../../contracts/blade-system/dict';
import { renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import DictHorizontalPage from './dict-horizontal-page';

beforeAll(() => giveTableAViewport());
// A resource table takes a second or two to mount under jsdom.
vi.setConfig({ testTimeout: 30_000 });
const SLOW = { timeout: 8000 };

let calls: Call[] = [];
let superAdmin = false;

const row = (over: Partial<Dict>): Dict => ({
  id: '1',
  parentId: '0',
  code: 'sex',
  dictKey: '-1',
  dictValue: '性别',
  sort: 1,
  remark: null,
  isSealed: 0,
  version: 1,
  ...over,
});
const SEX = row({ id: '100', code: 'sex', dictValue: '性别', isSealed: 1 });
const FEMALE = row({ id: '101', parentId: '100', dictKey: '2', dictValue: '女', isSealed: 1 });
const COLOR = row({ id: '200', code: 'color', dictValue: '颜色', isSealed: 1 });
const RED = row({ id: '201', parentId: '200', code: 'color', dictKey: 'red', dictValue: '红' });

const page = (records: object[]) => ({ records, total: records.length, current: 1, size: 10 });

/** The embedded server's answers, by path (see server/services/blade-system/dict). */
function answer(call: Call): unknown {
  const path = call.url.split('?')[0]!;
  if (path.endsWith('/parent-list')) return page(call.url.includes('dict-biz') ? [COLOR] : [SEX]);
  if (path.endsWith('/child-list'))
    return page(call.url.includes('parentId=200') ? [RED] : [FEMALE]);
  if (path.endsWith('/oauth/user-info'))
    return { user_id: '1', tenant_id: '100001', is_super_admin: superAdmin, permissions: [] };
  if (path.endsWith('/submit')) return { id: '999' };
  return null;
}

beforeEach(() => {
  superAdmin = false;
  window.history.replaceState(null, '', '/');
  calls = scriptFetch(answer);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWith(held: readonly string[], ui: ReactNode) {
  renderSignedIn(ui, {
    session: { role_name: 'admin', tenant_id: '100001' },
    permissions: held,
  });
}

const lists = (part: string) => calls.filter((c) => c.method === 'GET' && c.url.includes(part));

describe('dictionary (horizontal layout)', () => {
  const HELD = ['dict_horizontal', 'dict_horizontal_add', 'dict_horizontal_edit'];

  it("shows the chosen dictionary's entries beside it and adds one under it", async () => {
    superAdmin = true;
    renderWith(HELD, <DictHorizontalPage />);
    expect(screen.getByRole('heading', { name: '字典管理(横向)' })).toBeTruthy();
    await screen.findByText('性别', undefined, SLOW);
    expect(lists('/api/blade-system/dict/parent-list')).toHaveLength(1);
    expect(screen.getByText(/点击左侧的字典/)).toBeTruthy();

    // Choosing a dictionary: a click on its row.
    fireEvent.click(screen.getByText('性别'));
    const heading = await screen.findByRole('heading', { name: '字典项：性别（sex）' });
    const pane = heading.parentElement!;
    expect(await within(pane).findByText('女', undefined, SLOW)).toBeTruthy();
    expect(lists('/api/blade-system/dict/child-list')[0]!.url).toContain('parentId=100');
    // The super administrator may change the system dictionary: no notice.
    expect(within(pane).queryByText(/仅超级管理员/)).toBeNull();

    fireEvent.click(within(pane).getByRole('button', { name: /新增/ }));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByRole('textbox', { name: '字典键值' }), {
      target: { value: '9' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: '字典名称' }), {
      target: { value: '未知' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: '字典排序' }), {
      target: { value: '3' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    const submits = () => calls.filter((c) => c.method === 'POST' && c.url.endsWith('/submit'));
    await waitFor(() => expect(submits()).toHaveLength(1));
    const submit = submits()[0]!;
    expect(submit.url).toBe('/api/blade-system/dict/submit');
    // Unsealed unless chosen otherwise; parentId and code come from the chosen dictionary.
    expect(submit.body).toMatchObject({
      dictKey: '9',
      dictValue: '未知',
      isSealed: '0',
      parentId: '100',
      code: 'sex',
    });
    expect(Number((submit.body as { sort: unknown }).sort)).toBe(3);
  });

  it('tells anyone but the super administrator that the system dictionary is not theirs', async () => {
    renderWith(HELD, <DictHorizontalPage />);
    await screen.findByText('性别', undefined, SLOW);
    // Or Enter on its row.
    fireEvent.keyDown(screen.getByText('性别').closest('tr')!, { key: 'Enter' });
    expect(await screen.findByText('系统字典由所有租户共用，仅超级管理员可以修改。')).toBeTruthy();
  });
});

describe('business dictionary: dictionary configuration', () => {
  it("opens a sealed dictionary's entries in a dialog; Escape closes the form over it first", async () => {
    renderWith(
      ['dict_biz', 'dict_biz_add'],
      <ResourceScreen def={dictBiz as unknown as ResourceScreenProps['def']} />,
    );
    await screen.findByText('颜色', undefined, SLOW);
    fireEvent.click(screen.getByRole('button', { name: '字典配置 颜色' }));
    const dialog = await screen.findByRole('dialog', { name: '字典配置：颜色（color）' });
    expect(await within(dialog).findByText('红', undefined, SLOW)).toBeTruthy();
    expect(lists('/api/blade-system/dict-biz/child-list')[0]!.url).toContain('parentId=200');
    expect(within(dialog).getByText('该字典已封存，仅超级管理员可以修改其字典项。')).toBeTruthy();
    // Keyboard first: the first filter field has the focus, not the close button.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(dialog).getByRole('textbox', { name: '字典键值' }),
      ),
    );

    fireEvent.click(within(dialog).getByRole('button', { name: /新增/ }));
    const form = await screen.findByRole('dialog', { name: /新增字典项/ });
    fireEvent.keyDown(within(form).getByRole('textbox', { name: '字典键值' }), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /新增字典项/ })).toBeNull());
    expect(screen.getByRole('dialog', { name: '字典配置：颜色（color）' })).toBeTruthy();

    fireEvent.keyDown(within(dialog).getAllByRole('textbox')[0]!, { key: 'Escape' });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: '字典配置：颜色（color）' })).toBeNull(),
    );
  });
});
