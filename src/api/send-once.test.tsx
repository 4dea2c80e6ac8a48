import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { fail, ok, reply, scriptFetch, signedInStore } from '../test/signed-in';
import { useIdempotentPostMutation, useSendOnce } from './send-once';

/**
 * Issue 24: which retry keeps its Idempotency-Key. A refusal (4xx) is the server's answer to
 * that request: the next send is a new request with a new key, so a refusal that no longer holds
 * (stock refilled, body corrected) is not replayed. A lost answer (no connection, timeout, 5xx)
 * may hide work that was done: the retry keeps the key, and the server replays what happened.
 */

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The Idempotency-Key of each request sent so far. */
const sentKeys = () =>
  (fetch as unknown as Mock).mock.calls.map(([, init]) =>
    new Headers((init as RequestInit | undefined)?.headers).get('Idempotency-Key'),
  );

/** The console's send-once action over the real client and store, as a dialog uses it. */
function useAdjust() {
  const [post] = useIdempotentPostMutation();
  return useSendOnce((body: Record<string, unknown>, idempotencyKey: string) =>
    post({ path: 'svc/new-record', body, idempotencyKey, services: [] }).unwrap(),
  );
}

function renderAdjust() {
  const store = signedInStore();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>{children}</Provider>
  );
  return renderHook(() => useAdjust(), { wrapper }).result;
}

/** Answers the requests in turn: a Response, or an Error thrown as a lost connection. */
function answersInTurn(...answers: (Response | Error)[]) {
  let i = 0;
  scriptFetch(() => {
    const next = answers[i++];
    if (next instanceof Error) throw next;
    return next ?? reply(ok(null));
  });
}

const body = { supId: 's1', type: 'deduct', amount: '10', reason: 'x' };

describe('useSendOnce: the Idempotency-Key of a retry', () => {
  it('makes a new key after a refusal (4xx): the same request is sent as a new one', async () => {
    answersInTurn(reply(fail(400, '券码库存不足')), reply(ok({ balance: 1 })));
    const action = renderAdjust();
    let first: Awaited<ReturnType<typeof action.current.run>> | undefined;
    await act(async () => {
      first = await action.current.run(body);
    });
    expect(first).toMatchObject({ ok: false, error: { status: 400, message: '券码库存不足' } });
    await act(async () => {
      await action.current.run(body);
    });
    const [a, b] = sentKeys();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toMatch(/^[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
  });

  it('makes a new key after a refusal answered in the envelope of HTTP 200 (code 400)', async () => {
    answersInTurn(
      new Response(JSON.stringify({ code: 400, success: false, msg: '余额不足' }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const action = renderAdjust();
    await act(async () => {
      await action.current.run(body);
    });
    await act(async () => {
      await action.current.run(body);
    });
    const [a, b] = sentKeys();
    expect(b).not.toBe(a);
  });

  it('keeps the key after a 5xx: the retry may be answered from the first request', async () => {
    answersInTurn(reply(fail(500, '服务器异常')), reply(fail(503, '数据库不可用')));
    const action = renderAdjust();
    for (let i = 0; i < 3; i++)
      await act(async () => {
        await action.current.run(body);
      });
    const [a, b, c] = sentKeys();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('keeps the key after a lost connection, and after a 409 (the first may still be running)', async () => {
    answersInTurn(
      new TypeError('Failed to fetch'),
      reply(fail(409, '相同幂等键的请求正在处理，请稍后重试')),
      reply(ok({ balance: 1 })),
    );
    const action = renderAdjust();
    let first: Awaited<ReturnType<typeof action.current.run>> | undefined;
    await act(async () => {
      first = await action.current.run(body);
    });
    expect(first).toMatchObject({ ok: false, error: { status: 'network' } });
    await act(async () => {
      await action.current.run(body);
    });
    await act(async () => {
      await action.current.run(body);
    });
    const [a, b, c] = sentKeys();
    expect(b).toBe(a);
    expect(c).toBe(a);
  });

  it('starts a new key after a success and for a different request', async () => {
    answersInTurn(reply(fail(500, '服务器异常')));
    const action = renderAdjust();
    await act(async () => {
      await action.current.run(body);
    });
    await act(async () => {
      await action.current.run({ ...body, amount: '11' });
    });
    await act(async () => {
      await action.current.run({ ...body, amount: '11' });
    });
    const [a, b, c] = sentKeys();
    expect(b).not.toBe(a);
    expect(c).not.toBe(b);
  });
});
