import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineResource, type ActionDialogProps } from '../types';
import { renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { onApiEvent, type ApiEvent } from '../../api/events';
import { defineContract } from '../../contracts/resource-contract';
import { defineContractResource } from '../contract-resource';
import { ResourceScreen, type ResourceScreenProps } from './resource-screen';

beforeAll(() => giveTableAViewport());

/** Engine features over a made-up declaration; the server answers are scripted per URL. */
let calls: Call[] = [];
let answer: (call: Call) => unknown;

const page = (records: object[]) => ({ records, total: records.length, current: 1, size: 10 });

beforeEach(() => {
  window.history.replaceState(null, '', '/system/thing');
  calls = scriptFetch((call) =>
    call.url.startsWith('/api/blade-system/table-set') ? null : answer(call),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function GrantDialog({ rows, onClose }: ActionDialogProps) {
  return (
    <div role="dialog" aria-label="grant">
      <p>{rows.map((r) => String(r.name)).join(',')}</p>
      <button type="button" onClick={() => onClose(true)}>
        done
      </button>
    </div>
  );
}

const things = defineResource<{ id: string; name: string; hasChildren?: boolean }>({
  service: 'demo/thing',
  route: '/system/thing',
  title: { zh: '东西', en: 'Thing' },
  permissions: {
    add: 'thing_add',
    edit: 'thing_edit',
    remove: 'thing_delete',
    export: 'thing_export',
  },
  export: { excelType: 'thing' },
  paging: 'generic',
  paths: { list: 'page', update: 'update' },
  columns: [{ field: 'name', label: { zh: '名称', en: 'Name' }, sortable: true }],
  filters: [{ name: 'name', kind: 'input', label: { zh: '名称', en: 'Name' } }],
  form: [{ name: 'name', kind: 'text', label: { zh: '名称', en: 'Name' } }],
  rowActions: [
    {
      id: 'unlock',
      label: { zh: '解锁', en: 'Unlock' },
      permission: 'thing_unlock',
      when: (row) => row.name !== 'Bolt',
      call: {
        path: 'demo/thing/unlock',
        confirm: { zh: '确定解锁?', en: 'Unlock?' },
        done: { zh: '已解锁', en: 'Unlocked' },
      },
    },
    {
      id: 'secret',
      label: { zh: '机密', en: 'Secret' },
      permission: 'thing_secret',
      call: {
        path: 'demo/thing/secret',
        confirm: { zh: '?', en: '?' },
        done: { zh: '!', en: '!' },
      },
    },
  ],
  toolbarActions: [
    {
      id: 'grant',
      label: { zh: '授权', en: 'Grant' },
      permission: 'thing_grant',
      dialog: () => Promise.resolve({ default: GrantDialog }),
    },
  ],
  recordLabel: (row) => row.name,
});

const HELD = new Set([
  'thing_add',
  'thing_edit',
  'thing_delete',
  'thing_unlock',
  'thing_grant',
  'thing_export',
]);

function setup(props: Partial<ResourceScreenProps> = {}) {
  renderSignedIn(
    <ResourceScreen def={(props.def ?? things) as ResourceScreenProps['def']} {...props} />,
    { permissions: HELD },
  );
}

const lists = () => calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/demo/'));

describe('ResourceScreen engine', { timeout: 30_000 }, () => {
  it('lists from the declared path and runs a row action call after its confirmation', async () => {
    answer = (call) =>
      call.url.startsWith('/api/demo/thing/page')
        ? page([
            { id: '7', name: 'Nut' },
            { id: '8', name: 'Bolt' },
          ])
        : null;
    setup();
    await screen.findByText('Nut', {}, { timeout: 8000 });
    expect(lists()[0]!.url).toMatch(/^\/api\/demo\/thing\/page\?/);
    // Shown only where `when` holds; a button whose code the user lacks is not shown at all.
    expect(screen.getByRole('button', { name: '解锁 Nut' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '解锁 Bolt' })).toBeNull();
    expect(screen.queryByRole('button', { name: /机密/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '解锁 Nut' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('确定解锁?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/unlock'))).toBe(true));
    const unlock = calls.find((c) => c.url.includes('/unlock'))!;
    expect(unlock).toMatchObject({ method: 'POST', url: '/api/demo/thing/unlock?ids=7' });
    expect(await screen.findByText('已解锁')).toBeTruthy();
  });

  it('asks for a selection before a toolbar action, then opens its dialog with the rows', async () => {
    answer = () => page([{ id: '7', name: 'Nut' }]);
    setup();
    await screen.findByText('Nut', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: '授权' }));
    expect(await screen.findByText('请选择至少一条数据')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: '选择' }));
    fireEvent.click(screen.getByRole('button', { name: '授权' }));
    const dialog = await screen.findByRole('dialog', { name: 'grant' });
    expect(within(dialog).getByText('Nut')).toBeTruthy();
    const before = lists().length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'done' }));
    // A change reported by the dialog reloads the list.
    await waitFor(() => expect(lists().length).toBe(before + 1));
    expect(screen.queryByRole('dialog', { name: 'grant' })).toBeNull();
  });

  it('sends fixed parameters with every list call and every save, and edits through `update`', async () => {
    answer = () => page([{ id: '7', name: 'Nut' }]);
    setup({ fixedParams: { parentId: '42' }, embedded: true });
    await screen.findByText('Nut', {}, { timeout: 8000 });
    expect(lists()[0]!.url).toContain('parentId=42');
    // Embedded: no page title of its own.
    expect(screen.queryByRole('heading', { name: '东西' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '编辑 Nut' }));
    const form = await screen.findByRole('dialog');
    fireEvent.change(within(form).getByRole('textbox', { name: '名称' }), {
      target: { value: 'Washer' },
    });
    fireEvent.click(within(form).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      url: '/api/demo/thing/update',
      body: { id: '7', name: 'Washer', parentId: '42' },
    });
  });

  it('opens a lazy tree node by loading its children from lazy-list', async () => {
    const { paths: _paths, rowActions: _rows, toolbarActions: _toolbar, ...plain } = things;
    const tree = { ...plain, tree: { lazy: true } } as ResourceScreenProps['def'];
    answer = (call) =>
      call.url.includes('parentId=0')
        ? [{ id: '1', name: 'HQ', hasChildren: true }]
        : call.url.includes('parentId=1')
          ? [{ id: '11', name: 'Ops', hasChildren: false }]
          : [];
    setup({ def: tree });
    await screen.findByText('HQ', {}, { timeout: 8000 });
    expect(lists()[0]!.url).toMatch(/^\/api\/demo\/thing\/lazy-list\?.*parentId=0/);
    expect(lists()[0]!.url).not.toContain('current=');
    expect(screen.queryByText('Ops')).toBeNull();
    const hq = screen.getByText('HQ').closest('tr')!;
    fireEvent.click(within(hq).getByRole('button', { name: /展开/ }));
    expect(await screen.findByText('Ops')).toBeTruthy();
    expect(lists().some((c) => c.url.includes('parentId=1'))).toBe(true);
    // The keys move through the rows shown, children included.
    const hqRow = screen.getByText('HQ').closest('tr')!;
    act(() => hqRow.focus());
    fireEvent.keyDown(hqRow, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toContain('Ops'));
  });

  it('sends an encrypted filter as RSA-OAEP ciphertext of the typed value, never the text', async () => {
    const keys = await crypto.subtle.generateKey(
      {
        name: 'RSA-OAEP',
        modulusLength: 2048,
        publicExponent: new Uint8Array([1, 0, 1]),
        hash: 'SHA-256',
      },
      true,
      ['encrypt', 'decrypt'],
    );
    const spki = new Uint8Array(await crypto.subtle.exportKey('spki', keys.publicKey));
    const pem = `-----BEGIN PUBLIC KEY-----\n${btoa(String.fromCharCode(...spki))}\n-----END PUBLIC KEY-----`;
    const coded = {
      ...things,
      filters: [
        { name: 'couponCode2', kind: 'input', label: { zh: '券码', en: 'Code' }, encrypted: true },
      ],
    } as unknown as ResourceScreenProps['def'];
    answer = (call) =>
      call.url.startsWith('/api/blade-auth/oauth/public-key')
        ? { pem, captcha: false }
        : page([{ id: '7', name: 'Nut' }]);
    setup({ def: coded });
    await screen.findByText('Nut', {}, { timeout: 8000 });
    fireEvent.change(screen.getByRole('textbox', { name: '券码' }), {
      target: { value: 'QY-8812' },
    });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lists().some((c) => c.url.includes('couponCode2='))).toBe(true));
    const sent = lists().find((c) => c.url.includes('couponCode2='))!;
    expect(sent.url).not.toContain('QY-8812');
    const cipher = new URL(sent.url, 'http://x').searchParams.get('couponCode2')!;
    const plain = await crypto.subtle.decrypt(
      { name: 'RSA-OAEP' },
      keys.privateKey,
      Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0)),
    );
    expect(new TextDecoder().decode(plain)).toBe('QY-8812');
  });

  it("exports the list as filtered and sorted after the spec's confirmation", async () => {
    answer = () => page([{ id: '7', name: 'Nut' }]);
    setup();
    await screen.findByText('Nut', {}, { timeout: 8000 });
    fireEvent.change(screen.getByRole('textbox', { name: '名称' }), { target: { value: 'Nu' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lists().some((c) => c.url.includes('name=Nu'))).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: '导出' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText(/导出所需时间视数据量而定/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: '确定' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/excel/export/async'))).toBe(true),
    );
    const sent = calls.find((c) => c.url.includes('/excel/export/async'))!;
    expect(sent.method).toBe('POST');
    const query = new URL(sent.url, 'http://x').searchParams;
    expect(sent.url.startsWith('/api/demo/thing/excel/export/async?')).toBe(true);
    expect(query.get('excelType')).toBe('thing');
    expect(query.get('name')).toBe('Nu');
    // The whole list, not the page on screen.
    expect(query.has('current')).toBe(false);
    expect(await screen.findByText(/新建导出任务成功/)).toBeTruthy();
  });

  it('restores the view from the URL hash and writes it back as it changes', async () => {
    window.history.replaceState(null, '', '/system/thing#f.name=Nut&size=20&sort=name.desc');
    answer = () => page([{ id: '7', name: 'Nut' }]);
    setup();
    await screen.findByText('Nut', {}, { timeout: 8000 });
    const first = lists()[0]!.url;
    expect(first).toContain('name=Nut');
    expect(first).toContain('size=20');
    expect(first).toContain('descs=name');
    expect((screen.getByRole('textbox', { name: '名称' }) as HTMLInputElement).value).toBe('Nut');

    fireEvent.change(screen.getByRole('textbox', { name: '名称' }), { target: { value: 'Bolt' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(window.location.hash).toContain('f.name=Bolt'));
    expect(window.location.pathname).toBe('/system/thing');
    act(() => undefined);
  });
});

/** A contract naming its own calls: a POSTed list and a remove by `{id}` in the path. */
const parks = defineContractResource({
  contract: defineContract<{ id: string; parkName: string }>()({
    service: 'demo/park',
    route: '/test/park',
    title: { zh: '停车场', en: 'Parking lot' },
    menu: 'park',
    buttons: ['delete'],
    calls: { list: { path: 'listParkPage', method: 'POST' }, remove: 'removeById/{id}' },
    fields: { parkName: { label: { zh: '名称', en: 'Name' } } },
  }),
  paging: 'generic',
  columns: ['parkName'],
  recordLabel: (p) => p.parkName,
});

describe('ResourceScreen over declared calls', { timeout: 30_000 }, () => {
  it('lists with the declared path and method and removes each record by {id}', async () => {
    window.history.replaceState(null, '', '/test/park');
    answer = (call) =>
      call.url.startsWith('/api/demo/park/listParkPage')
        ? page([
            { id: '7', parkName: 'East' },
            { id: '8', parkName: 'West' },
          ])
        : null;
    renderSignedIn(<ResourceScreen def={parks as unknown as ResourceScreenProps['def']} />, {
      permissions: ['park_delete'],
    });
    await screen.findByText('East', {}, { timeout: 8000 });
    const listed = calls.find((c) => c.url.startsWith('/api/demo/park/'))!;
    expect(listed.method).toBe('POST');
    expect(listed.url).toMatch(/^\/api\/demo\/park\/listParkPage\?.*current=1/);

    fireEvent.click(screen.getByRole('button', { name: '删除 East' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
    );
    await waitFor(() => expect(calls.some((c) => c.url.includes('/removeById/'))).toBe(true));
    expect(calls.filter((c) => c.url.includes('/removeById/'))).toEqual([
      { method: 'POST', url: '/api/demo/park/removeById/7', body: undefined },
    ]);
    expect(await screen.findByText('删除成功')).toBeTruthy();

    // Several selected: one call per record.
    for (const box of screen.getAllByRole('checkbox', { name: '选择' })) fireEvent.click(box);
    fireEvent.click(screen.getByRole('button', { name: '批量删除' }));
    fireEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: '确定' }),
    );
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('/removeById/')).map((c) => c.url)).toEqual([
        '/api/demo/park/removeById/7',
        '/api/demo/park/removeById/7',
        '/api/demo/park/removeById/8',
      ]),
    );
  });
});

describe(
  'ResourceScreen with a malformed or lost server (issue 15 items 7, 19)',
  { timeout: 30_000 },
  () => {
    it('shows 数据加载错误 with a retry for records: null, logs it once, and recovers', async () => {
      const failed: ApiEvent[] = [];
      const stop = onApiEvent((e) => e.type === 'failed' && failed.push(e));
      let broken = true;
      answer = () => (broken ? { records: null, total: 0 } : page([{ id: '7', name: 'Nut' }]));
      setup();
      // The list's error state (beside the toast saying the same), not the crash page.
      const retry = await screen.findByRole('button', { name: '重试' }, { timeout: 8000 });
      const alert = retry.closest<HTMLElement>('[role="alert"]')!;
      expect(within(alert).getByText('数据加载错误')).toBeTruthy();
      expect(screen.queryByText('页面出错了，请刷新重试')).toBeNull();
      expect(failed).toEqual([
        expect.objectContaining({ type: 'failed', status: 'malformed', message: '数据加载错误' }),
      ]);

      broken = false;
      const before = lists().length;
      fireEvent.click(retry);
      expect(await screen.findByText('Nut')).toBeTruthy();
      expect(lists().length).toBe(before + 1);
      expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
      stop();
    });

    it('fetches the list again when the browser comes back online', async () => {
      let name = 'Nut';
      answer = () => page([{ id: '7', name }]);
      setup();
      await screen.findByText('Nut', {}, { timeout: 8000 });
      const before = lists().length;
      name = 'Bolt';
      act(() => {
        window.dispatchEvent(new Event('offline'));
        window.dispatchEvent(new Event('online'));
      });
      expect(await screen.findByText('Bolt')).toBeTruthy();
      expect(lists().length).toBe(before + 1);
    });
  },
);
