import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { couponCodeLifecycle } from '../../../machines/lifecycles/coupon-code-machine';
import type {
  CodeImportResult,
  CodeTrace,
  SupCouponCode,
  SupCouponCodeRecovery,
} from '../../contracts/platform-supplier/coupon-code';
import { couponCodeLookup } from '../../palette/lookups/coupon-codes';
import { RECORD_LOOKUPS } from '../../palette/lookups';
import { lookupCodes } from '../../palette/record-lookup';
import { paletteScopes, scopeCommands } from '../../palette/scopes';
import {
  useScreenCommands as useOfferedCommands,
  type ScreenCommand,
} from '../../lib/screen-commands';
import { giveTableAViewport } from '../../test/table-viewport';
import { ScriptedXhr } from '../../test/scripted-xhr';
import { langChanged } from '../../state/ui-slice';
import { ok, renderSignedIn, reply } from '../../test/signed-in';
import { ResourceScreen } from '../engine/resource-screen';
import type { ResourceDef } from '../types';
import {
  AutoImportDialog,
  HandleDialog,
  InvalidByListDialog,
  InvalidDialog,
  parseCodeList,
} from './code-dialogs';
import CodeBatchPage from './code-batch-page';
import CodeImportDialog from './code-import-dialog';
import { CODE_STATES } from './code-options';
import { TraceDrawer } from './code-trace-drawer';
import { requestTrace, useTraceRequest } from './code-trace-request';
import CodeSourcePage from './code-source-page';
import codes from './coupon-code';
import batches from './coupon-code-batch';
import recovery from './coupon-code-recovery';
import used from './coupon-code-used';

beforeAll(() => giveTableAViewport());

const API = '/api/blade-quanyi-platform-supplier';

/** A request as the client sent it, with its headers. */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}
let sent: Sent[] = [];

/** Replaces fetch (and XHR, which hands over to fetch); `answer` gives the data or a Response. */
function server(answer: (request: Sent) => unknown) {
  sent = [];
  vi.stubGlobal('XMLHttpRequest', ScriptedXhr);
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

const page = (records: object[]) => ({ records, total: records.length, current: 1, size: 10 });

const code = (fields: Partial<SupCouponCode> = {}): SupCouponCode => ({
  id: '1',
  batchId: '9',
  batchNo: 'B202611260001',
  supId: '3',
  supName: '星巴克',
  goodId: '5',
  goodName: '中杯券',
  couponCode: 'QY-0001',
  pin: '',
  codeMask: 'QY****01',
  validStart: null,
  validEnd: '2027-01-01 23:59:59',
  state: 'unused',
  orderId: null,
  orderNo: null,
  issueTime: null,
  usedTime: null,
  invalidTime: null,
  createTime: '2026-11-26 10:00:00',
  ...fields,
});

/**
 * A real RSA-OAEP key pair: the public key as the server's PEM, the private one to read. One per
 * file: the console asks for the server's key once per page load.
 */
let keyPair: ReturnType<typeof makeKeys> | undefined;
const rsaKeys = () => (keyPair ??= makeKeys());
async function makeKeys() {
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
  const open = async (cipher: string) =>
    new TextDecoder().decode(
      await crypto.subtle.decrypt(
        { name: 'RSA-OAEP' },
        keys.privateKey,
        Uint8Array.from(atob(cipher), (c) => c.charCodeAt(0)),
      ),
    );
  return { pem, open };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/supplier/code-batch/management');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // The language a test switched to is stored: the next test starts in Chinese again.
  localStorage.clear();
});

describe('coupon code declarations', { timeout: 30_000 }, () => {
  it('label the state column with the lifecycle’s own zh/en names', () => {
    const state = codes.columns.find((c) => c.field === 'state')!;
    expect(state.kind).toBe('tag');
    expect(state.options).toBe(CODE_STATES);
    for (const [value, label] of Object.entries(couponCodeLifecycle.states))
      expect(CODE_STATES.find((o) => o.value === value)?.label).toEqual(label);
    expect(used.columns.find((c) => c.field === 'state')?.options).toBe(CODE_STATES);
  });

  it('send the exact code filter encrypted, on every list that has one', () => {
    for (const def of [codes, used])
      expect(def.filters?.find((f) => f.name === 'couponCode2')).toMatchObject({
        encrypted: true,
        kind: 'input',
      });
  });

  it('offer each code action only where couponCodeLifecycle allows it', () => {
    type AnyDef = ResourceDef<SupCouponCode>;
    const when = (def: AnyDef, id: string, state: string) =>
      (def.rowActions ?? []).find((a) => a.id === id)!.when!(code({ state }));
    const states = Object.keys(couponCodeLifecycle.states);
    const allowed = (id: string, def: AnyDef) => states.filter((state) => when(def, id, state));
    // An issued code leaves its order only through the order's refund (issue 24).
    expect(allowed('invalid', codes)).toEqual(['unused']);
    expect(allowed('recover', codes)).toEqual(['invalid']);
    expect(allowed('cancelUse', used as unknown as AnyDef)).toEqual(['used']);
    const handle = recovery.rowActions!.find((a) => a.id === 'handle')!;
    expect(handle.when!({ state: 'pending' } as SupCouponCodeRecovery)).toBe(true);
    expect(handle.when!({ state: 'restocked' } as SupCouponCodeRecovery)).toBe(false);
    // Behind the seed's button codes.
    expect(codes.rowActions!.map((a) => a.permission)).toEqual([
      'code_batch_invalid',
      'code_batch_recover',
    ]);
    expect(batches.toolbarActions!.map((a) => a.permission)).toEqual([
      'code_batch_import',
      'code_batch_auto_import',
      'code_batch_manual_obtain',
      'code_batch_template',
    ]);
  });
});

describe('the codes list', { timeout: 30_000 }, () => {
  const HELD = ['code_batch', 'code_batch_view', 'code_batch_invalid', 'code_batch_recover'];

  it('offers 作废 and 回收 over a selection only while every selected code allows it', async () => {
    server((r) =>
      r.url.startsWith(`${API}/sup-coupon-code/list`)
        ? page([
            code({ id: '1', couponCode: 'QY-UNUSED', state: 'unused' }),
            code({ id: '2', couponCode: 'QY-USED', state: 'used' }),
            code({ id: '3', couponCode: 'QY-INVALID', state: 'invalid' }),
          ])
        : r.url.includes('table-set')
          ? null
          : [],
    );
    renderSignedIn(<ResourceScreen def={codes as unknown as ResourceDef} embedded />, {
      permissions: HELD,
    });
    const unusedRow = (await screen.findByText('QY-UNUSED', {}, { timeout: 8000 })).closest('tr')!;
    const usedRow = screen.getByText('QY-USED').closest('tr')!;
    const invalidRow = screen.getByText('QY-INVALID').closest('tr')!;
    // The state cell says the lifecycle's label.
    expect(within(unusedRow).getByText('未使用')).toBeTruthy();
    expect(within(usedRow).getByText('已使用')).toBeTruthy();
    // Row buttons per state.
    const rowButton = (name: string) => screen.queryByRole('button', { name });
    expect(rowButton('作废 QY-UNUSED')).toBeTruthy();
    expect(rowButton('回收 QY-UNUSED')).toBeNull();
    expect(rowButton('作废 QY-USED')).toBeNull();
    expect(rowButton('回收 QY-USED')).toBeNull();
    expect(rowButton('回收 QY-INVALID')).toBeTruthy();
    expect(rowButton('作废 QY-INVALID')).toBeNull();

    // Toolbar buttons are named by their label alone.
    const toolbar = (name: string) => screen.queryByRole('button', { name }) !== null;
    const select = (row: HTMLElement) =>
      fireEvent.click(within(row).getByRole('checkbox', { name: '选择' }));
    // Nothing selected: offered (they ask for a selection).
    expect([toolbar('作废'), toolbar('按券码作废'), toolbar('回收')]).toEqual([true, true, true]);
    select(unusedRow);
    await waitFor(() => expect(toolbar('回收')).toBe(false));
    expect(toolbar('作废')).toBe(true);
    select(usedRow);
    // A used code among the selection: no 作废 over it; the paste dialog stays.
    await waitFor(() => expect(toolbar('作废')).toBe(false));
    expect(toolbar('按券码作废')).toBe(true);
    select(usedRow);
    select(unusedRow);
    select(invalidRow);
    await waitFor(() => expect(toolbar('回收')).toBe(true));
    expect(toolbar('作废')).toBe(false);
  });

  it('sends the exact code encrypted, never as text, and keeps it out of the address', async () => {
    const { pem, open } = await rsaKeys();
    window.history.replaceState(null, '', '/supplier/code-batch/source-management');
    server((r) =>
      r.url.startsWith('/api/blade-auth/oauth/public-key')
        ? { pem, captcha: false }
        : r.url.includes('table-set')
          ? null
          : page([code({ state: 'used' })]),
    );
    renderSignedIn(<ResourceScreen def={used as unknown as ResourceDef} />, {
      permissions: ['code_source', 'code_source_view'],
    });
    await screen.findByText('QY-0001', {}, { timeout: 8000 });
    fireEvent.change(screen.getByRole('textbox', { name: '券码' }), {
      target: { value: 'QY-SECRET-42' },
    });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    const lists = () => sent.filter((r) => r.url.startsWith(`${API}/sup-coupon-code-used/list`));
    await waitFor(() => expect(lists().some((r) => r.url.includes('couponCode2='))).toBe(true));
    const call = lists().find((r) => r.url.includes('couponCode2='))!;
    expect(call.url).not.toContain('QY-SECRET-42');
    const cipher = new URL(call.url, 'http://x').searchParams.get('couponCode2')!;
    expect(await open(cipher)).toBe('QY-SECRET-42');
    expect(window.location.href).not.toContain('QY-SECRET');
    expect(window.location.href).not.toContain('couponCode2');
  });
});

describe('invalidating codes', { timeout: 30_000 }, () => {
  it('sends one request per double click, with an Idempotency-Key, the button disabled meanwhile', async () => {
    let finish: (r: Response) => void = () => undefined;
    server(() => new Promise<Response>((resolve) => (finish = resolve)));
    const onClose = vi.fn();
    renderSignedIn(
      <InvalidDialog rows={[code({ id: '1' }), code({ id: '2' })]} onClose={onClose} />,
    );
    const dialog = await screen.findByRole('dialog', { name: '作废券码' });
    expect(within(dialog).getByText(/确定作废所选的 2 个券码/)).toBeTruthy();
    const confirm = within(dialog).getByRole('button', { name: '确定' });
    // The confirm button has the focus: Enter sends.
    await waitFor(() => expect(document.activeElement).toBe(confirm));
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    fireEvent.submit(confirm.closest('form')!);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    const [request] = sent;
    expect(request).toMatchObject({
      method: 'POST',
      url: `${API}/sup-coupon-code/invalid-coupon`,
      body: { ids: ['1', '2'] },
    });
    expect(request!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    await act(async () => finish(reply(ok({ count: 2 }))));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(sent).toHaveLength(1);
  });

  it('shows the server’s refusal and keeps the key for the same request', async () => {
    server(() =>
      reply({
        status: 409,
        body: { code: 409, success: false, msg: '券码当前状态为「已使用」，不能执行此操作' },
      }),
    );
    renderSignedIn(<InvalidDialog rows={[code({ id: '1' })]} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '作废券码' });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(
      await within(dialog).findByText('券码当前状态为「已使用」，不能执行此操作'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.headers['Idempotency-Key']).toBe(sent[0]!.headers['Idempotency-Key']);
  });
});

describe('in English', { timeout: 30_000 }, () => {
  it('names states by the lifecycle’s en labels and speaks English in the dialogs', async () => {
    server(() => ({
      count: 1,
      notFound: [],
      refused: [{ code: 'QY-7', codeMask: 'QY****07', state: 'used' }],
    }));
    const store = renderSignedIn(<InvalidByListDialog onClose={vi.fn()} />);
    act(() => {
      store.dispatch(langChanged('en'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Invalidate by code' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Codes/ }), {
      target: { value: 'QY-7' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invalidate' }));
    expect(
      await screen.findByText('Invalidate these 1 codes? They cannot be issued afterwards.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('1 codes invalidated.')).toBeTruthy();
    expect(within(dialog).getByText('QY-7 (Used)')).toBeTruthy();
  });
});

describe('按券码作废', { timeout: 30_000 }, () => {
  it('parses one code a line or comma-separated, and refuses empty, long and too many', () => {
    expect(parseCodeList(' A1 \n\nB2,C3，D4\r\n')).toEqual({
      codes: ['A1', 'B2', 'C3', 'D4'],
      repeats: 0,
    });
    // Each code once, as the server tells them apart (case and full-width forms ignored).
    expect(parseCodeList('A1\na1\nＡ１, B2\nA1')).toEqual({ codes: ['A1', 'B2'], repeats: 3 });
    const repeated = Array.from({ length: 1001 }, (_, i) => `C${i % 1000}`).join('\n');
    expect(parseCodeList(repeated)).toMatchObject({ repeats: 1 });
    expect(parseCodeList(repeated).problem).toBeUndefined();
    expect(parseCodeList(' \n ').problem?.key).toBe('couponCode.list.empty');
    expect(parseCodeList(`ok\n${'x'.repeat(129)}`).problem).toEqual({
      key: 'couponCode.list.tooLong',
      params: { line: 2, max: 128 },
    });
    expect(parseCodeList('x'.repeat(128)).codes).toHaveLength(1);
    const many = Array.from({ length: 1001 }, (_, i) => `C${i}`).join('\n');
    expect(parseCodeList(many).problem?.key).toBe('couponCode.list.tooMany');
  });

  it('confirms with the count of distinct codes, sends them once and lists the codes not found in full', async () => {
    server(() => ({
      count: 2,
      notFound: ['ZZ-99'],
      refused: [{ code: 'QY-3', codeMask: 'QY****-3', state: 'used' }],
    }));
    const onClose = vi.fn();
    renderSignedIn(<InvalidByListDialog onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '按券码作废' });
    const box = within(dialog).getByRole('textbox', { name: /券码/ });
    await waitFor(() => expect(document.activeElement).toBe(box));
    fireEvent.click(within(dialog).getByRole('button', { name: '作废' }));
    expect(await within(dialog).findByText('请输入要作废的券码')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(box, { target: { value: 'QY-1\nQY-2, QY-3\n\nZZ-99\nqy-1\nZZ-99' } });
    expect(within(dialog).getByText('共 4 个券码（另有 2 个重复，只算一次）')).toBeTruthy();
    // Ctrl+Enter asks first, with the count; cancelled, nothing is sent.
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(await screen.findByText('确定作废这 4 个券码？作废后不能再发放。')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByText(/确定作废这/)).toBeNull());
    expect(sent).toHaveLength(0);
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    fireEvent.click(await screen.findByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('已作废 2 个券码。')).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: `${API}/sup-coupon-code/invalid-coupon2`,
      body: { codes: 'QY-1\nQY-2\nQY-3\nZZ-99' },
    });
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(within(dialog).getByText('未找到的券码（1 个）：')).toBeTruthy();
    // The codes the user typed, in full: not the mask.
    expect(within(dialog).getByText('ZZ-99')).toBeTruthy();
    expect(within(dialog).getByText('QY-3（已使用）')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });
});

describe('importing codes', { timeout: 30_000 }, () => {
  const result = (fields: Partial<CodeImportResult>): CodeImportResult => ({
    id: '70',
    status: 'failed',
    fileName: 'codes.xlsx',
    total: 3,
    created: 0,
    updated: 0,
    failed: 1,
    errors: [],
    resultId: null,
    importTime: '2026-11-26 10:00:00',
    batchId: null,
    batchNo: null,
    ...fields,
  });

  it('uploads good and file once with a key, then names the bad row and downloads the result file', async () => {
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    server((r) => {
      if (r.url.startsWith(`${API}/sup-coupon-code/goods`))
        return [{ id: '5', goodCode: 'G5', goodName: '中杯券', supId: '3', supName: '星巴克' }];
      if (r.url.startsWith(`${API}/sup-coupon-code/import/result`))
        return new Response('PK result', { status: 200 });
      return result({
        resultId: '70',
        errors: [{ row: 3, column: '券码', message: '券码在文件中重复' }],
      });
    });
    renderSignedIn(<CodeImportDialog onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: '导入券码' });
    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    expect(await within(dialog).findByText('请选择商品')).toBeTruthy();
    expect(within(dialog).getByText('请选择要导入的文件')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('textbox', { name: /商品/ }));
    fireEvent.click(await screen.findByRole('option', { name: '中杯券（星巴克）' }));
    const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, { target: { files: [new File(['x'], 'codes.csv')] } });
    expect(await within(dialog).findByText('只能上传 .xlsx 文件')).toBeTruthy();
    fireEvent.change(input, { target: { files: [new File(['PK'], 'codes.xlsx')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '导入' }));

    expect(await within(dialog).findByText('导入失败，未写入任何券码')).toBeTruthy();
    expect(within(dialog).getByText('第 3 行「券码」：券码在文件中重复')).toBeTruthy();
    const uploads = sent.filter((r) => r.url.includes('import-batch-coupon'));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    const form = uploads[0]!.body as FormData;
    expect(form.get('goodId')).toBe('5');
    expect((form.get('file') as File).name).toBe('codes.xlsx');

    fireEvent.click(within(dialog).getByRole('button', { name: '下载结果文件' }));
    await waitFor(() => expect(saved).toEqual(['codes-导入结果.xlsx']));
    expect(sent.at(-1)!.url).toBe(`${API}/sup-coupon-code/import/result?id=70`);
  });
});

describe('fetching codes and handling recovery records', { timeout: 30_000 }, () => {
  it('自动导入 checks good and quantity before it sends once', async () => {
    server((r) =>
      r.url.startsWith(`${API}/sup-coupon-code/goods`)
        ? [{ id: '5', goodCode: 'G5', goodName: '中杯券', supId: '3', supName: '星巴克' }]
        : { status: 'success', created: 20, batchNo: 'B-AUTO-1' },
    );
    const onClose = vi.fn();
    renderSignedIn(<AutoImportDialog onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '自动导入' });
    const quantity = within(dialog).getByRole('textbox', { name: /数量/ });
    fireEvent.change(quantity, { target: { value: '1001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '获取并导入' }));
    expect(await within(dialog).findByText('请选择商品')).toBeTruthy();
    expect(within(dialog).getByText('请输入 1 到 1000 之间的整数')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('textbox', { name: /商品/ }));
    fireEvent.click(await screen.findByRole('option', { name: '中杯券（星巴克）' }));
    fireEvent.change(quantity, { target: { value: '20' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '获取并导入' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '获取并导入' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const posts = sent.filter((r) => r.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatchObject({
      url: `${API}/sup-coupon-code/auto/import`,
      body: { goodId: '5', quantity: 20 },
    });
    expect(posts[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('已获取 20 个券码，批次号 B-AUTO-1')).toBeTruthy();
  });

  it('处理 restocks or discards the selected records with a remark', async () => {
    server(() => ({ count: 2 }));
    const onClose = vi.fn();
    const record = { id: '31', state: 'pending' } as SupCouponCodeRecovery;
    renderSignedIn(<HandleDialog rows={[record, { ...record, id: '32' }]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: '处理回收记录' });
    const restock = within(dialog).getByRole('radio', { name: /重新入库/ });
    await waitFor(() => expect(document.activeElement).toBe(restock));
    expect((restock as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: /作废/ }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: '备注' }), {
      target: { value: ' 券码已泄露 ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '提交' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      method: 'POST',
      url: `${API}/sup-coupon-code-recovery/handle`,
      body: { ids: ['31', '32'], result: 'discard', remark: '券码已泄露' },
    });
    expect(sent[0]!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('the batch page', { timeout: 30_000 }, () => {
  it('opens a batch with Enter and lists its codes below, focus on their heading', async () => {
    server((r) => {
      if (r.url.startsWith(`${API}/sup-batch-coupon-code/batch-list`))
        return page([
          {
            id: '9',
            batchNo: 'B-OPEN-1',
            supName: '星巴克',
            goodName: '中杯券',
            source: 'import',
            totalCount: 2,
            unusedCount: 2,
            createTime: '2026-11-26 10:00:00',
          },
        ]);
      if (r.url.startsWith(`${API}/sup-coupon-code/list`))
        return page(r.url.includes('batchId=9') ? [code({ couponCode: 'QY-IN-BATCH' })] : [code()]);
      return r.url.includes('table-set') ? null : [];
    });
    let offered: readonly ScreenCommand[] = [];
    function Commands() {
      offered = useOfferedCommands();
      return null;
    }
    renderSignedIn(
      <>
        <CodeBatchPage />
        <Commands />
      </>,
      { permissions: ['code_batch', 'code_batch_view', 'code_batch_invalid'] },
    );
    expect(await screen.findByRole('heading', { name: '券码批次', level: 1 })).toBeTruthy();
    const row = (await screen.findByText('B-OPEN-1', {}, { timeout: 8000 })).closest('tr')!;
    expect(screen.getByRole('heading', { name: '券码', level: 2 })).toBeTruthy();
    act(() => row.focus());
    fireEvent.keyDown(row, { key: 'Enter' });
    const heading = await screen.findByRole('heading', { name: '批次 B-OPEN-1 的券码' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const codeRow = (await screen.findByText('QY-IN-BATCH', {}, { timeout: 8000 })).closest('tr')!;
    // The focused code's actions are palette commands (the codes list offers them, embedded).
    act(() => codeRow.focus());
    await waitFor(() => expect(offered.map((c) => c.label.zh)).toContain('作废：QY-IN-BATCH'));
    fireEvent.click(screen.getByRole('button', { name: '显示全部券码' }));
    expect(await screen.findByRole('heading', { name: '券码', level: 2 })).toBeTruthy();

    // The palette's c: look-up opens a history here for a holder of this screen only.
    act(() => requestTrace('1', '/supplier/code-batch/management'));
    const drawer = await screen.findByRole('dialog', { name: /券码溯源/ });
    expect(sent.some((r) => r.url === `${API}/sup-coupon-code/trace?id=1`)).toBe(true);
    fireEvent.keyDown(drawer, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /券码溯源/ })).toBeNull());
  });
});

describe('tracing', { timeout: 30_000 }, () => {
  it('shows a code’s history as a timeline: stocked, issued, redeemed, recovered', async () => {
    const trace: CodeTrace = {
      code: code({ state: 'recovering', couponCode: 'QY-TRACE' }),
      batch: {
        id: '9',
        batchNo: 'B202611260001',
        source: 'import',
        sourceName: '导入',
        fileName: 'codes.xlsx',
        createTime: '2026-11-01 09:00:00',
      },
      orders: [
        {
          id: '40',
          orderNo: 'SO-1',
          clientOrderId: 'CO-1',
          clientId: null,
          appId: null,
          state: 'success',
          createTime: '2026-11-02 10:00:00',
          finishTime: null,
        },
      ],
      exchanges: [
        {
          id: '50',
          storeCode: 'S1',
          storeName: '人民广场店',
          exchangeTime: '2026-11-03 11:00:00',
          source: 'supplier',
          cancelled: 1,
          cancelTime: '2026-11-04 08:00:00',
        },
      ],
      recoveries: [
        {
          id: '60',
          orderId: '40',
          returnOrderId: '70',
          state: 'pending',
          stateName: '待处理',
          handleTime: null,
          remark: null,
          createTime: '2026-11-05 12:00:00',
        },
      ],
    };
    server(() => trace);
    renderSignedIn(<TraceDrawer codeId="1" onClose={vi.fn()} />);
    const drawer = await screen.findByRole('dialog', { name: '券码溯源：QY-TRACE' });
    expect(await within(drawer).findByText('当前状态：回收中')).toBeTruthy();
    const titles = ['入库', '发放', '核销', '回收'];
    const shown = [...drawer.querySelectorAll('.mantine-Timeline-itemTitle')].map(
      (el) => el.textContent,
    );
    expect(shown).toEqual(titles);
    expect(within(drawer).getByText(/订单 SO-1，客户订单 CO-1/)).toBeTruthy();
    expect(within(drawer).getByText('已撤销（2026-11-04 08:00:00）')).toBeTruthy();
    expect(sent[0]!.url).toBe(`${API}/sup-coupon-code/trace?id=1`);
  });
});

describe('state names (issue 25 item 4)', { timeout: 30_000 }, () => {
  const traced = (lang: 'zh' | 'en'): CodeTrace => ({
    code: code({ state: 'recovering', couponCode: 'QY-STATES' }),
    batch: {
      id: '9',
      batchNo: 'B1',
      source: 'interface',
      sourceName: '接口',
      fileName: null,
      createTime: '2026-11-01 09:00:00',
    },
    orders: [
      {
        id: '40',
        orderNo: 'SO-1',
        clientOrderId: 'CO-1',
        clientId: null,
        appId: null,
        state: 'partRefunded',
        createTime: '2026-11-02 10:00:00',
        finishTime: null,
      },
    ],
    exchanges: [
      {
        id: '50',
        storeCode: 'S1',
        storeName: 'Store',
        exchangeTime: '2026-11-03 11:00:00',
        source: 'renew',
        cancelled: 0,
        cancelTime: null,
      },
    ],
    recoveries: [
      {
        id: '60',
        orderId: '40',
        returnOrderId: '70',
        state: 'restocked',
        // What an older server answered: the zh name only. The console names it itself.
        stateName: lang === 'en' ? '已入库' : 'restocked',
        handleTime: null,
        remark: null,
        createTime: '2026-11-05 12:00:00',
      },
    ],
  });

  for (const [lang, expected] of [
    ['zh', ['当前状态：回收中', '部分退款', '状态刷新', '已入库', '接口']],
    ['en', ['Recovering', 'Partly refunded', 'Status renewal', 'Restocked', 'Interface']],
  ] as const)
    it(`the trace drawer names every state and source from its table, in ${lang}`, async () => {
      server(() => traced(lang));
      const store = renderSignedIn(<TraceDrawer codeId="1" onClose={vi.fn()} />);
      if (lang === 'en') act(() => void store.dispatch(langChanged('en')));
      const drawer = await screen.findByRole('dialog', { name: /QY-STATES/ });
      await within(drawer).findByText(/SO-1/);
      const text = drawer.textContent ?? '';
      for (const name of expected) expect(text).toContain(name);
      for (const raw of ['partRefunded', 'recovering', 'restocked', 'renew', 'interface'])
        expect(text).not.toMatch(new RegExp(`\\b${raw}\\b`));
      if (lang === 'en') expect(text).not.toContain('已入库');
    });
});

describe('the tracing page', { timeout: 30_000 }, () => {
  it('traces an exact code sent encrypted through find, and opens what the palette asked for', async () => {
    const { pem, open } = await rsaKeys();
    window.history.replaceState(null, '', '/supplier/code-batch/source-management');
    const trace = (id: string, couponCode: string): CodeTrace => ({
      code: code({ id, couponCode, state: 'used' }),
      batch: null,
      orders: [],
      exchanges: [],
      recoveries: [],
    });
    server((r) => {
      if (r.url.startsWith('/api/blade-auth/oauth/public-key')) return { pem, captcha: false };
      if (r.url.startsWith(`${API}/sup-coupon-code/find`))
        return [
          { id: '77', codeMask: 'QY****77', goodName: '中杯券', supName: '星巴克', state: 'used' },
        ];
      if (r.url.startsWith(`${API}/sup-coupon-code/trace`))
        return r.url.endsWith('id=77') ? trace('77', 'QY-TRACED-77') : trace('88', 'QY-ASKED-88');
      if (r.url.startsWith(`${API}/sup-coupon-code-used/list`)) return page([]);
      return r.url.includes('table-set') ? null : [];
    });
    renderSignedIn(<CodeSourcePage />, {
      permissions: ['code_source', 'code_source_view'],
    });
    const box = await screen.findByRole('textbox', { name: '券码溯源' });
    fireEvent.change(box, { target: { value: 'QY-SECRET-77' } });
    fireEvent.submit(box.closest('form')!);
    expect(await screen.findByRole('dialog', { name: '券码溯源：QY-TRACED-77' })).toBeTruthy();
    const find = sent.find((r) => r.url.includes('/find'))!;
    expect(find.method).toBe('POST');
    expect(find.url).toBe(`${API}/sup-coupon-code/find`);
    expect(JSON.stringify(find)).not.toContain('QY-SECRET-77');
    expect(await open((find.body as { couponCode2: string }).couponCode2)).toBe('QY-SECRET-77');
    expect(window.location.href).not.toContain('QY-SECRET');

    // The palette's c: look-up asks for another code: its history replaces the drawer.
    act(() => requestTrace('88', '/supplier/code-batch/source-management'));
    expect(await screen.findByRole('dialog', { name: '券码溯源：QY-ASKED-88' })).toBeTruthy();
  });
});

describe('the c: palette look-up', { timeout: 30_000 }, () => {
  it('is registered for the tracing screen and sends the code encrypted in a POST body only', async () => {
    expect(RECORD_LOOKUPS).toContain(couponCodeLookup);
    expect(couponCodeLookup).toMatchObject({ scope: 'c', permission: 'code_source' });
    const { pem, open } = await rsaKeys();
    server((r) =>
      r.url.startsWith('/api/blade-auth/oauth/public-key') ? { pem, captcha: false } : null,
    );
    const requests: { url: string; method?: string; body?: unknown; params?: unknown }[] = [];
    const hits = await couponCodeLookup.search(' QY-FIND-1 ', {
      request: <T,>(args: (typeof requests)[number]) => {
        requests.push(args);
        return Promise.resolve([
          { id: '8', codeMask: 'QY****-1', goodName: '中杯券', supName: '星巴克', state: 'used' },
        ] as T);
      },
    });
    expect(hits).toEqual([{ id: '8', title: 'QY****-1', subtitle: '中杯券 · 星巴克' }]);
    expect(requests).toHaveLength(1);
    const [call] = requests;
    expect(call).toMatchObject({
      url: 'blade-quanyi-platform-supplier/sup-coupon-code/find',
      method: 'POST',
    });
    expect(call!.params).toBeUndefined();
    expect(JSON.stringify(call)).not.toContain('QY-FIND-1');
    expect(await open((call!.body as { couponCode2: string }).couponCode2)).toBe('QY-FIND-1');
  });

  it('opens the history on the tracing screen, or on the batch screen for its holders only', () => {
    const SOURCE = '/supplier/code-batch/source-management';
    const BATCHES = '/supplier/code-batch/management';
    const asked: Record<string, string | undefined> = {};
    function Probe() {
      asked[SOURCE] = useTraceRequest(SOURCE);
      asked[BATCHES] = useTraceRequest(BATCHES);
      return null;
    }
    renderSignedIn(<Probe />);
    const context = (held: string[]) => ({
      navigate: vi.fn(),
      lang: 'zh' as const,
      request: () => Promise.reject(new Error('no')),
      holds: (code: string) => held.includes(code),
    });
    const both = context(['code_source', 'code_batch']);
    act(() => couponCodeLookup.open({ id: '8', title: 'QY****-1' }, both));
    expect(both.navigate).toHaveBeenCalledWith(SOURCE);
    expect(asked).toEqual({ [SOURCE]: '8', [BATCHES]: undefined });
    const batchOnly = context(['code_batch']);
    act(() => couponCodeLookup.open({ id: '9', title: 'QY****-2' }, batchOnly));
    expect(batchOnly.navigate).toHaveBeenCalledWith(BATCHES);
    expect(asked).toEqual({ [SOURCE]: undefined, [BATCHES]: '9' });
  });

  it('is registered for holders of either screen, its scope offered to both', () => {
    expect(lookupCodes(couponCodeLookup)).toEqual(['code_source', 'code_batch']);
    const scope = paletteScopes([couponCodeLookup])[0]!;
    expect(scope).toMatchObject({
      prefix: 'c:',
      permission: 'code_source',
      alsoFor: ['code_batch'],
    });
    expect(scopeCommands([scope])[0]!.permission).toBeUndefined();
  });
});
