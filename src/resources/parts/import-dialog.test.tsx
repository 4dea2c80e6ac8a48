import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportEndpoints, ImportResult } from '../../api/import';
import { fail, ok, renderSignedIn, reply, type Answer } from '../../test/signed-in';
import { ImportDialog } from './import-dialog';

const ENDPOINTS: ImportEndpoints = {
  upload: 'svc/import',
  template: 'svc/template',
  result: 'svc/result',
};
const MB = 1024 * 1024;

/** A request as the client sent it (the body as given to fetch: FormData for the upload). */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[] = [];
let saved: string[] = [];

/** Replaces fetch; `answer` picks the reply per request. */
function server(answer: (request: Sent) => Response | Promise<Response>) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const request: Sent = {
        method: init.method ?? 'GET',
        url,
        headers: (init.headers ?? {}) as Record<string, string>,
        body: init.body,
      };
      sent.push(request);
      return answer(request);
    }),
  );
}

const answered = (answer: Answer) => () => reply(answer);
const workbookReply = () =>
  new Response('PK workbook bytes', {
    status: 200,
    headers: {
      'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    },
  });

const result = (fields: Partial<ImportResult>): ImportResult => ({
  id: '77',
  status: 'success',
  fileName: 'users.xlsx',
  total: 0,
  created: 0,
  updated: 0,
  failed: 0,
  errors: [],
  resultId: null,
  importTime: '2026-03-01 10:00:00',
  ...fields,
});

beforeEach(() => {
  saved = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function open(props: Partial<Parameters<typeof ImportDialog>[0]> = {}) {
  const onClose = vi.fn();
  renderSignedIn(
    <ImportDialog
      title="导入数据"
      endpoints={ENDPOINTS}
      templateFileName="数据模板.xlsx"
      onClose={onClose}
      {...props}
    />,
  );
  return onClose;
}

const dialog = () => screen.findByRole('dialog', { name: '导入数据' });

/** Chooses a file in the dialog's file input. */
function choose(name: string, size = 2048) {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  fireEvent.change(input, { target: { files: [file] } });
  return file;
}

const importButton = (d: HTMLElement) => within(d).getByRole('button', { name: '开始导入' });

describe('ImportDialog', () => {
  it('checks the type and the size before sending anything', async () => {
    server(answered(ok(result({}))));
    open();
    const d = await dialog();
    // Not coverable: no overwrite switch.
    expect(within(d).queryByRole('switch')).toBeNull();

    fireEvent.click(importButton(d));
    expect(await within(d).findByText('请选择要导入的文件')).toBeTruthy();

    choose('users.csv');
    expect(await within(d).findByText('只能上传 xlsx 格式的文件')).toBeTruthy();
    fireEvent.click(importButton(d));

    choose('big.xlsx', 10 * MB + 1);
    expect(await within(d).findByText('单个文件不能超过10M')).toBeTruthy();
    expect(within(d).queryByText('只能上传 xlsx 格式的文件')).toBeNull();
    fireEvent.click(importButton(d));

    // Exactly 10 MB is allowed.
    choose('ok.xlsx', 10 * MB);
    expect(within(d).queryByText('单个文件不能超过10M')).toBeNull();
    // Nothing went to the server for the refused files.
    expect(sent).toEqual([]);
  });

  it('uploads the file as multipart through the client, shows the counts and reports the change', async () => {
    let finish: (r: Response) => void = () => undefined;
    server(() => new Promise<Response>((resolve) => (finish = resolve)));
    const onClose = open();
    const d = await dialog();
    const file = choose('users.xlsx');
    fireEvent.click(importButton(d));

    // Busy while the server checks the rows: progress shown, closing refused.
    expect(
      await within(d).findByRole('progressbar', { name: '正在上传并校验数据，请稍候…' }),
    ).toBeTruthy();
    expect((within(d).getByRole('button', { name: '关闭' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(sent).toHaveLength(1);
    const [upload] = sent;
    expect(upload!.method).toBe('POST');
    expect(upload!.url).toBe('/api/svc/import');
    expect(upload!.headers['Blade-Auth']).toBe('bearer token');
    // The browser writes the multipart Content-Type with its boundary: the client sets none.
    expect(upload!.headers['Content-Type']).toBeUndefined();
    expect(upload!.body).toBeInstanceOf(FormData);
    expect(((upload!.body as FormData).get('file') as File).name).toBe(file.name);

    finish(reply(ok(result({ status: 'success', total: 3, created: 2, updated: 1 }))));
    expect(await within(d).findByText('导入成功')).toBeTruthy();
    expect(within(d).getByText('共 3 条：新增 2 条，更新 1 条。')).toBeTruthy();
    expect(within(d).queryByRole('progressbar')).toBeNull();

    fireEvent.click(within(d).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });

  it('on failure lists the bad rows and downloads the result file through the client', async () => {
    const failed = result({
      status: 'failed',
      total: 8,
      failed: 6,
      resultId: '77',
      errors: [
        { row: 3, column: '手机', message: '手机号码格式不正确' },
        { row: 4, column: '', message: '当前租户已到最大账号额度!' },
        ...[5, 6, 7, 8].map((row) => ({ row, column: '账户', message: '请输入账号' })),
      ],
    });
    server((request) =>
      request.url.startsWith('/api/svc/result') ? workbookReply() : reply(ok(failed)),
    );
    const onClose = open();
    const d = await dialog();
    choose('users.xlsx');
    fireEvent.click(importButton(d));

    expect(await within(d).findByText('导入失败')).toBeTruthy();
    expect(
      within(d).getByText(
        '6 行数据有误，未导入任何数据。请下载导入结果，按“错误原因”修改后重新上传。',
      ),
    ).toBeTruthy();
    expect(within(d).getByText('第 3 行 手机：手机号码格式不正确')).toBeTruthy();
    expect(within(d).getByText('第 4 行：当前租户已到最大账号额度!')).toBeTruthy();
    // Five are listed; the rest are in the file.
    expect(within(d).queryByText('第 8 行 账户：请输入账号')).toBeNull();
    expect(within(d).getByText('……共 6 处问题，完整内容见导入结果。')).toBeTruthy();

    fireEvent.click(within(d).getByRole('button', { name: '下载导入结果' }));
    await waitFor(() => expect(saved).toEqual(['users-导入结果.xlsx']));
    const download = sent.at(-1)!;
    expect(download.method).toBe('GET');
    expect(download.url).toBe('/api/svc/result?id=77');
    expect(download.headers['Blade-Auth']).toBe('bearer token');

    // Nothing was imported.
    fireEvent.click(within(d).getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it("says when the file was imported before, and shows the server's refusal", async () => {
    let answer: Answer = ok(
      result({ status: 'duplicate', total: 2, created: 2, importTime: '2026-02-01 09:00:00' }),
    );
    server(() => reply(answer));
    open();
    const d = await dialog();
    choose('users.xlsx');
    fireEvent.click(importButton(d));
    expect(await within(d).findByText('该文件已导入过')).toBeTruthy();
    expect(
      within(d).getByText(
        '该文件已于 2026-02-01 09:00:00 导入成功（新增 2 条，更新 0 条），本次未重复导入。',
      ),
    ).toBeTruthy();

    answer = fail(400, '请上传正确的excel文件!');
    fireEvent.click(importButton(d));
    expect(await within(d).findByText('请上传正确的excel文件!')).toBeTruthy();
    expect(within(d).queryByText('该文件已导入过')).toBeNull();
  });

  it('downloads the template through the client, and offers overwriting when the import can', async () => {
    server((request) =>
      request.url.startsWith('/api/svc/template') ? workbookReply() : reply(ok(result({}))),
    );
    open({ coverable: true, coverHint: '账户已存在时更新' });
    const d = await dialog();
    fireEvent.click(within(d).getByRole('button', { name: '下载模板' }));
    await waitFor(() => expect(saved).toEqual(['数据模板.xlsx']));
    expect(sent[0]).toMatchObject({ method: 'GET', url: '/api/svc/template' });
    expect(sent[0]!.headers['Blade-Auth']).toBe('bearer token');

    const overwrite = within(d).getByRole('switch', { name: '覆盖已有数据' });
    expect(overwrite.getAttribute('aria-describedby')).toBe(
      within(d).getByText('账户已存在时更新').id,
    );
    choose('users.xlsx');
    fireEvent.click(importButton(d));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.url).toBe('/api/svc/import?isCovered=0');
    await within(d).findByText('导入成功');

    fireEvent.click(overwrite);
    fireEvent.click(importButton(d));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]!.url).toBe('/api/svc/import?isCovered=1');
  });
});
