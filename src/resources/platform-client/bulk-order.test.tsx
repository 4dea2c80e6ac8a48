import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BulkOrderBatch } from '../../contracts/platform-client/bulk-order';
import { fail, ok, renderSignedIn, reply } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen } from '../engine/resource-screen';
import type { ResourceDef } from '../types';
import bulkOrder from './bulk-order';
import BulkOrderImportDialog, { fileProblem } from './bulk-order-dialogs';
import { BATCH_POLL_MS } from './bulk-order-progress';

const API = '/api/blade-quanyi-platform-client/client-user-product-order-import-batch';
const ROUTE = '/product/order/user-bulkProductOrder';

beforeAll(() => giveTableAViewport());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const batch = (fields: Partial<BulkOrderBatch> = {}): BulkOrderBatch => ({
  id: '81',
  batchNo: 'BO2026112881',
  clientId: '1',
  clientName: '甲方',
  appId: '2',
  appName: '甲方商城',
  fileName: 'orders.xlsx',
  total: 200,
  processed: 80,
  succeeded: 78,
  failed: 2,
  progress: 40,
  state: 'running',
  error: null,
  resultReady: 0,
  startedAt: '2026-11-28 10:00:00',
  finishedAt: null,
  createUser: '1',
  createUserName: '王运营',
  createTime: '2026-11-28 09:59:00',
  version: 1,
  ...fields,
});

interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
let sent: Sent[] = [];

/** Replaces fetch; `answer` gives the data or a Response. */
function server(answer: (request: Sent) => unknown) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
      const request: Sent = {
        method: init.method ?? 'GET',
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body,
      };
      sent.push(request);
      const data: unknown = await answer(request);
      return data instanceof Response ? data : reply(ok(data ?? null));
    }),
  );
}

/** A file whose bytes start like a zip (every xlsx does). */
const xlsx = (name = 'orders.xlsx') =>
  new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], name);

describe('bulk orders: declaration', () => {
  it('offers 取消 while a batch waits and 下载结果 once its file is there, behind their codes', () => {
    const offered = (fields: Partial<BulkOrderBatch>) =>
      bulkOrder.rowActions!.filter((a) => a.when!(batch(fields))).map((a) => a.id);
    expect(offered({ state: 'waiting' })).toEqual(['cancel']);
    expect(offered({ state: 'running' })).toEqual([]);
    expect(offered({ state: 'done', resultReady: 1 })).toEqual(['result']);
    expect(offered({ state: 'done', resultReady: 0 })).toEqual([]);
    expect(offered({ state: 'cancelled' })).toEqual([]);
    expect(bulkOrder.rowActions!.map((a) => a.permission)).toEqual([
      'bulk_order_view',
      'bulk_order_operate',
    ]);
    expect(bulkOrder.toolbarActions!.map((a) => [a.id, a.permission])).toEqual([
      ['import', 'bulk_order_import'],
      ['template', 'bulk_order_template'],
    ]);
    expect(bulkOrder.permissions).toMatchObject({
      view: 'bulk_order_view',
      export: 'bulk_order_export',
    });
  });
});

describe('bulk order progress', () => {
  it('polls a running batch at its detail call, then reloads the list once it has ended', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let polls = 0;
    server((call) => {
      if (call.url.startsWith('/api/blade-system/table-set')) return null;
      if (call.url.startsWith(`${API}/detail`)) {
        polls += 1;
        return polls === 1
          ? batch({ processed: 120, progress: 60 })
          : batch({ state: 'done', processed: 200, progress: 100, resultReady: 1 });
      }
      if (call.url.startsWith(`${API}/list`))
        return {
          records: [polls >= 2 ? batch({ state: 'done', progress: 100 }) : batch()],
          total: 1,
          size: 20,
          current: 1,
          pages: 1,
        };
      return null;
    });
    window.history.replaceState(null, '', ROUTE);
    renderSignedIn(<ResourceScreen def={bulkOrder as unknown as ResourceDef} route={ROUTE} />, {
      permissions: ['bulk_order', 'bulk_order_view'],
    });
    expect(await screen.findByRole('progressbar', { name: '进度 60%' })).toBeTruthy();
    expect(screen.getByText('120/200（失败2）')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS + 100));
    expect(await screen.findByRole('progressbar', { name: '进度 100%' })).toBeTruthy();
    await waitFor(() =>
      expect(sent.filter((c) => c.url.startsWith(`${API}/list`)).length).toBeGreaterThanOrEqual(2),
    );
    expect(await within(screen.getByRole('table')).findByText('已完成')).toBeTruthy();
    const asked = polls;
    await act(() => vi.advanceTimersByTimeAsync(BATCH_POLL_MS * 3));
    expect(polls).toBe(asked);
  });
});

describe('导入 (send once)', { timeout: 30_000 }, () => {
  it('checks the name, size and content of a file before anything is sent', async () => {
    expect(await fileProblem(new File(['x'], 'orders.csv'))).toBe('bulkOrders.import.wrongType');
    const big = new File([new Uint8Array(8)], 'big.xlsx');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    expect(await fileProblem(big)).toBe('bulkOrders.import.tooLarge');
    expect(await fileProblem(new File(['not a workbook'], 'renamed.xlsx'))).toBe(
      'bulkOrders.import.notXlsx',
    );
    expect(await fileProblem(xlsx())).toBeUndefined();
  });

  it('needs an app and a real xlsx, then posts once with a key and shows the queued batch', async () => {
    let release: (r: Response) => void = () => undefined;
    server((r) => {
      if (r.url.startsWith('/api/blade-quanyi-platform-client/psclient-app/list-all'))
        return [
          { id: '2', appName: '甲方商城', clientName: '甲方', enabled: 1 },
          { id: '3', appName: '停用应用', clientName: '甲方', enabled: 0 },
        ];
      return new Promise<Response>((resolve) => (release = resolve));
    });
    const onClose = vi.fn();
    renderSignedIn(<BulkOrderImportDialog rows={[]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '批量下单导入' });
    const submit = within(dialog).getByRole('button', { name: '开始导入' });
    fireEvent.click(submit);
    expect(await within(dialog).findByText('请选择应用')).toBeTruthy();
    expect(within(dialog).getByText('请选择要导入的文件')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('textbox', { name: /应用/ }));
    expect(screen.queryByRole('option', { name: '停用应用（甲方）' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: '甲方商城（甲方）' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['a,b'], 'orders.xlsx')] } });
    expect(await within(dialog).findByText('该文件不是有效的 Excel（xlsx）文件')).toBeTruthy();
    fireEvent.click(submit);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);

    fireEvent.change(input, { target: { files: [xlsx()] } });
    await waitFor(() =>
      expect(within(dialog).queryByText('该文件不是有效的 Excel（xlsx）文件')).toBeNull(),
    );
    fireEvent.click(submit);
    fireEvent.click(submit);
    fireEvent.submit(submit.closest('form')!);
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1));
    const post = sent.find((r) => r.method === 'POST')!;
    expect(post.url).toBe(`${API}/operation`);
    expect(post.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    const form = post.body as FormData;
    expect([...form.keys()]).toEqual(['appId', 'file']);
    expect(form.get('appId')).toBe('2');
    expect((form.get('file') as File).name).toBe('orders.xlsx');

    release(reply(ok({ id: '90', batchNo: 'BO2026112890', total: 3, state: 'waiting' })));
    expect(
      await within(dialog).findByText('批次 BO2026112890：共3行，正在排队下单。'),
    ).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('shows a refusal and sends again with a new key', async () => {
    let answer = fail(400, '单次导入不能超过5000条数据');
    server((r) => {
      if (r.url.includes('psclient-app/list-all'))
        return [{ id: '2', appName: '甲方商城', clientName: '甲方', enabled: 1 }];
      return reply(answer);
    });
    renderSignedIn(<BulkOrderImportDialog rows={[]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '批量下单导入' });
    fireEvent.click(within(dialog).getByRole('textbox', { name: /应用/ }));
    fireEvent.click(await screen.findByRole('option', { name: '甲方商城（甲方）' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [xlsx()] } });
    // Accepted once its content was read: the input shows its name.
    expect(await within(dialog).findByText('orders.xlsx')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      '单次导入不能超过5000条数据',
    );
    answer = ok({ id: '91', batchNo: 'BO1', total: 1, state: 'waiting' });
    fireEvent.click(within(dialog).getByRole('button', { name: '开始导入' }));
    await waitFor(() => expect(sent.filter((r) => r.method === 'POST')).toHaveLength(2));
    const keys = sent.filter((r) => r.method === 'POST').map((r) => r.headers['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
  });
});
