import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { taskMachine, type TaskInput, type TaskReport } from './task-machine';

const POLL = 5_000;

/** A server whose answers the test scripts: each ask takes the next answer (or throws it). */
function server(answers: (TaskReport | Error)[]) {
  const asks: string[] = [];
  const check = fromPromise<TaskReport, { id: string }>(async ({ input }) => {
    asks.push(input.id);
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    if (next instanceof Error) throw next;
    return next;
  });
  return { asks, check };
}

function follow(
  answers: (TaskReport | Error)[],
  input: Partial<TaskInput> = {},
  more: { cancel?: () => Promise<void>; retry?: () => Promise<void> } = {},
) {
  const { asks, check } = server(answers);
  const cancel = vi.fn(more.cancel ?? (() => Promise.resolve()));
  const retry = vi.fn(more.retry ?? (() => Promise.resolve()));
  const machine = taskMachine.provide({
    actors: {
      check,
      cancel: fromPromise(() => cancel()),
      retry: fromPromise(() => retry()),
    },
  });
  const actor = createActor(machine, { input: { id: 'T1', pollMs: POLL, ...input } }).start();
  const state = () => String(actor.getSnapshot().value);
  return { actor, asks, cancel, retry, state };
}

/** Lets the check's promise settle, then moves the clock. */
async function after(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const running = (progress: number): TaskReport => ({ phase: 'running', progress });

describe('taskMachine', () => {
  it('asks at once, then again every pollMs while queued or running, and stops when done', async () => {
    const t = follow([{ phase: 'queued' }, running(40), running(80), { phase: 'done' }]);
    await after(0);
    expect(t.asks).toHaveLength(1);
    expect(t.actor.getSnapshot().context.report).toEqual({ phase: 'queued' });
    await after(POLL - 1);
    expect(t.asks).toHaveLength(1);
    await after(1);
    expect(t.actor.getSnapshot().context.report).toEqual(running(40));
    await after(POLL);
    expect(t.actor.getSnapshot().context.report).toEqual(running(80));
    await after(POLL);
    expect(t.state()).toBe('done');
    expect(t.actor.getSnapshot().status).toBe('done');
    await after(POLL * 10);
    expect(t.asks).toHaveLength(4);
  });

  it('rests at a failure with its reason and asks nothing more', async () => {
    const t = follow([{ phase: 'failed', reason: '生成失败' }]);
    await after(POLL * 5);
    expect(t.state()).toBe('failed');
    expect(t.actor.getSnapshot().context.report?.reason).toBe('生成失败');
    expect(t.asks).toHaveLength(1);
  });

  it('asks nothing while the page is hidden, and asks at once when it is shown again', async () => {
    const t = follow([running(10), running(20), running(30)]);
    await after(0);
    t.actor.send({ type: 'page.hidden' });
    expect(t.state()).toBe('paused');
    await after(POLL * 20);
    expect(t.asks).toHaveLength(1);
    t.actor.send({ type: 'page.visible' });
    await after(0);
    expect(t.asks).toHaveLength(2);
    expect(t.state()).toBe('waiting');
    await after(POLL);
    expect(t.asks).toHaveLength(3);
  });

  it('hidden while an ask is on its way: takes the answer, then waits for the page', async () => {
    let answer!: (r: TaskReport) => void;
    const check = fromPromise<TaskReport, { id: string }>(
      () => new Promise((resolve) => (answer = resolve)),
    );
    const actor = createActor(taskMachine.provide({ actors: { check } }), {
      input: { id: 'T1', pollMs: POLL },
    }).start();
    expect(actor.getSnapshot().value).toBe('checking');
    actor.send({ type: 'page.hidden' });
    answer(running(50));
    await after(0);
    expect(actor.getSnapshot().value).toBe('paused');
    expect(actor.getSnapshot().context.report).toEqual(running(50));
  });

  it('starts paused on a hidden page, and not at all for a task known to have ended', async () => {
    const hidden = follow([running(1)], { hidden: true });
    await after(POLL * 3);
    expect(hidden.state()).toBe('paused');
    expect(hidden.asks).toHaveLength(0);
    const ended = follow([running(1)], { report: { phase: 'done' } });
    await after(POLL * 3);
    expect(ended.state()).toBe('done');
    expect(ended.asks).toHaveLength(0);
  });

  it('waits longer after asks that get no answer (2x, 4x, 8x at most) and back to pollMs after one', async () => {
    const down = new Error('offline');
    const t = follow([down, down, down, down, down, running(5), running(6)]);
    await after(0); // miss 1
    await after(POLL * 2 - 1);
    expect(t.asks).toHaveLength(1);
    await after(1); // miss 2
    expect(t.asks).toHaveLength(2);
    await after(POLL * 4); // miss 3
    expect(t.asks).toHaveLength(3);
    await after(POLL * 8); // miss 4
    await after(POLL * 8); // miss 5
    expect(t.asks).toHaveLength(5);
    await after(POLL * 8); // the answer
    expect(t.actor.getSnapshot().context.misses).toBe(0);
    await after(POLL);
    expect(t.asks).toHaveLength(7);
  });

  it('asks at once on a check event while waiting', async () => {
    const t = follow([running(1), running(2)]);
    await after(0);
    t.actor.send({ type: 'check' });
    await after(0);
    expect(t.asks).toHaveLength(2);
  });

  it('cancels where the server allows it, and ignores cancel where it does not', async () => {
    const allowed = follow([running(10)], { cancellable: true });
    await after(0);
    allowed.actor.send({ type: 'cancel' });
    await after(0);
    expect(allowed.cancel).toHaveBeenCalledTimes(1);
    expect(allowed.state()).toBe('cancelled');
    await after(POLL * 3);
    expect(allowed.asks).toHaveLength(1);

    const fixed = follow([running(10)]);
    await after(0);
    fixed.actor.send({ type: 'cancel' });
    await after(0);
    expect(fixed.cancel).not.toHaveBeenCalled();
    expect(fixed.state()).toBe('waiting');
  });

  it('cancels from every unfinished state: while asking, waiting, or paused on a hidden page', async () => {
    let answer!: (r: TaskReport) => void;
    const cancel = vi.fn(() => Promise.resolve());
    const actor = createActor(
      taskMachine.provide({
        actors: {
          check: fromPromise<TaskReport, { id: string }>(
            () => new Promise((resolve) => (answer = resolve)),
          ),
          cancel: fromPromise(() => cancel()),
        },
      }),
      { input: { id: 'T1', pollMs: POLL, cancellable: true } },
    ).start();
    expect(actor.getSnapshot().value).toBe('checking');
    actor.send({ type: 'cancel' });
    await after(0);
    expect(actor.getSnapshot().value).toBe('cancelled');
    answer(running(1));
    await after(0);
    expect(actor.getSnapshot().value).toBe('cancelled');

    const paused = follow([running(10)], { cancellable: true });
    await after(0);
    paused.actor.send({ type: 'page.hidden' });
    paused.actor.send({ type: 'cancel' });
    await after(0);
    expect(paused.state()).toBe('cancelled');
    expect(paused.cancel).toHaveBeenCalledTimes(1);
  });

  it('a refused cancel says why and goes on following the task', async () => {
    const t = follow(
      [running(10), running(20)],
      { cancellable: true },
      {
        cancel: () => Promise.reject(new Error('任务已开始，不能取消')),
      },
    );
    await after(0);
    t.actor.send({ type: 'cancel' });
    await after(0);
    expect(t.actor.getSnapshot().context.refusal).toBe('任务已开始，不能取消');
    expect(t.asks).toHaveLength(2);
    expect(t.state()).toBe('waiting');
  });

  it('retries a failed task where the server allows it, and follows it again', async () => {
    const t = follow([{ phase: 'failed' }, { phase: 'queued' }, { phase: 'done' }], {
      retryable: true,
    });
    await after(0);
    expect(t.state()).toBe('failed');
    t.actor.send({ type: 'retry' });
    await after(0);
    expect(t.retry).toHaveBeenCalledTimes(1);
    expect(t.asks).toHaveLength(2);
    expect(t.state()).toBe('waiting');
    await after(POLL);
    expect(t.state()).toBe('done');
  });

  it('a retry that is not allowed, or refused, leaves the task failed', async () => {
    const fixed = follow([{ phase: 'failed' }]);
    await after(0);
    fixed.actor.send({ type: 'retry' });
    await after(0);
    expect(fixed.retry).not.toHaveBeenCalled();
    expect(fixed.state()).toBe('failed');

    const refused = follow(
      [{ phase: 'failed' }],
      { retryable: true },
      {
        retry: () => Promise.reject(new Error('文件已过期')),
      },
    );
    await after(0);
    refused.actor.send({ type: 'retry' });
    await after(0);
    expect(refused.state()).toBe('failed');
    expect(refused.actor.getSnapshot().context.refusal).toBe('文件已过期');
    expect(refused.asks).toHaveLength(1);
  });
});
