import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, configureClient, resetClientState, type ApiError } from './client';
import { onApiEvent, type ApiEvent } from './events';
import { isListAnswer } from './resource';
import { ZH_CLIENT_TEXTS } from '../test/client-texts';

/** Issue 15 item 7: only a real envelope with code 200 is a success; the rest is an error. */
let events: ApiEvent[] = [];
let stopListening: () => void;

beforeEach(() => {
  configureClient({
    getSession: () => undefined,
    storeSession: () => {},
    readStoredSession: () => undefined,
    texts: () => ZH_CLIENT_TEXTS,
  });
  resetClientState();
  events = [];
  stopListening = onApiEvent((e) => events.push(e));
});

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
});

/** The server answers every request with this text and HTTP status. */
function answerWith(text: string, status = 200): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(text, { status })),
  );
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    return err as ApiError;
  }
  throw new Error('the request succeeded');
}

describe('envelope answers', () => {
  it.each([
    ['truncated JSON', '{"code":200,"success":true,"data":{"records":[{"id":"1"'],
    ['not JSON', '<html>gateway</html>'],
    ['an empty body', ''],
    ['JSON without code', '{"data":{"records":[],"total":0}}'],
    ['a JSON array', '[{"id":"1"}]'],
    ['a JSON string', '"ok"'],
    ['JSON null', 'null'],
    ['code 200 with success false', '{"code":200,"success":false,"data":[]}'],
  ])('%s with HTTP 200 is a malformed answer: 数据加载错误', async (_, text) => {
    answerWith(text);
    const error = await failure(apiRequest({ url: 'demo/thing/list' }));
    expect(error).toEqual({ status: 'malformed', message: '数据加载错误' });
    // Logged once for the debug log, and shown once as an error toast.
    expect(events.filter((e) => e.type === 'failed')).toEqual([
      { type: 'failed', url: 'demo/thing/list', status: 'malformed', message: '数据加载错误' },
    ]);
    expect(events.filter((e) => e.type === 'error')).toHaveLength(1);
  });

  it('a real envelope still succeeds, with or without success written', async () => {
    answerWith('{"code":200,"success":true,"data":{"a":1},"msg":"操作成功"}');
    await expect(apiRequest({ url: 'x' })).resolves.toEqual({ a: 1 });
    answerWith('{"code":200,"data":[1]}');
    await expect(apiRequest({ url: 'x' })).resolves.toEqual([1]);
    answerWith('{"success":true,"data":"v"}');
    await expect(apiRequest({ url: 'x' })).resolves.toBe('v');
    // data null is a legitimate answer of a call that expects nothing in particular.
    answerWith('{"code":200,"success":true,"data":null}');
    await expect(apiRequest({ url: 'x' })).resolves.toBeNull();
    expect(events).toEqual([]);
  });

  it('a business failure keeps its code and the server message', async () => {
    answerWith('{"code":401,"success":false,"msg":"请求未授权"}');
    expect(await failure(apiRequest({ url: 'x', auth: false }))).toEqual({
      status: 401,
      message: '请求未授权',
    });
    answerWith('{"code":400,"success":false,"msg":"名称已存在"}', 400);
    expect(await failure(apiRequest({ url: 'x' }))).toEqual({ status: 400, message: '名称已存在' });
    answerWith('', 500);
    expect(await failure(apiRequest({ url: 'x' }))).toEqual({ status: 500, message: '网络异常' });
  });

  it('a field refusal names its fields (every one in data.fields), shown without the field name', async () => {
    const refusal = {
      code: 400,
      success: false,
      msg: 'supCode:供应商编码只能包含字母、数字、下划线和短横线',
      data: {
        fields: {
          supCode: '供应商编码只能包含字母、数字、下划线和短横线',
          contactPhone: '请输入正确的手机号',
        },
      },
    };
    answerWith(JSON.stringify(refusal), 400);
    expect(await failure(apiRequest({ url: 'x' }))).toEqual({
      status: 400,
      message: '供应商编码只能包含字母、数字、下划线和短横线',
      fields: refusal.data.fields,
    });
    // A BladeX server's one `<field>:<message>`, also with 409.
    answerWith('{"code":409,"success":false,"msg":"supCode:供应商编码已存在"}', 409);
    expect(await failure(apiRequest({ url: 'x' }))).toEqual({
      status: 409,
      message: '供应商编码已存在',
      fields: { supCode: '供应商编码已存在' },
    });
    // Not a field: a message that merely holds a colon, or a capitalised word before it.
    answerWith('{"code":400,"success":false,"msg":"Error: 参数错误"}', 400);
    expect(await failure(apiRequest({ url: 'x' }))).toEqual({
      status: 400,
      message: 'Error: 参数错误',
    });
  });

  it('shows a refusal the contracts know in the console language', async () => {
    await import('../contracts/platform-supplier/sup');
    configureClient({
      getSession: () => undefined,
      storeSession: () => {},
      readStoredSession: () => undefined,
      texts: () => ({
        network: 'Network exception',
        timeout: 'Timed out',
        badCredentials: 'Wrong username or password',
        noPermission: 'No permission',
        dataLoading: 'Data loading error',
        lang: 'en',
      }),
    });
    answerWith('{"code":409,"success":false,"msg":"supCode:供应商编码已存在"}', 409);
    const error = await failure(apiRequest({ url: 'x' }));
    expect(error.message).toBe('Another supplier already has this code');
    // The fields keep the server's text: a form shows it in the language of the moment.
    expect(error.fields).toEqual({ supCode: '供应商编码已存在' });
    expect(events.filter((e) => e.type === 'error')).toEqual([
      { type: 'error', message: 'Another supplier already has this code' },
    ]);
    // Unknown to the contracts: as the server sent it.
    answerWith('{"code":400,"success":false,"msg":"未知的拒绝"}', 400);
    expect((await failure(apiRequest({ url: 'x' }))).message).toBe('未知的拒绝');
  });

  it.each([
    ['data null', null],
    ['records null', { records: null, total: 0 }],
    ['records not an array', { records: { id: '1' }, total: 1 }],
    ['a record that is not an object', { records: [null], total: 1 }],
    ['total missing', { records: [] }],
    ['total a string', { records: [], total: 'many' }],
    ['a tree node that is not an object', [{ id: '1', children: ['x'] }]],
    ['a string', 'records'],
  ])('a list answer with %s is malformed', async (_, data) => {
    answerWith(JSON.stringify({ code: 200, success: true, data }));
    const error = await failure(apiRequest({ url: 'demo/thing/list', expect: isListAnswer }));
    expect(error).toEqual({ status: 'malformed', message: '数据加载错误' });
    expect(events.filter((e) => e.type === 'failed')).toHaveLength(1);
  });

  it('well-formed pages and trees pass the list check', async () => {
    for (const data of [
      { records: [{ id: '1' }], total: 1, size: 10, current: 1 },
      { records: [], total: 0 },
      [
        { id: '1', children: [{ id: '2' }] },
        { id: '3', children: null },
      ],
      [],
    ]) {
      answerWith(JSON.stringify({ code: 200, success: true, data }));
      await expect(apiRequest({ url: 'x', expect: isListAnswer })).resolves.toEqual(data);
    }
    expect(events).toEqual([]);
  });
});
