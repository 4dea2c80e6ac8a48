import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { currentPage, paletteMachine } from './palette-machine';

function setup(run: (commandId: string) => Promise<void> = () => Promise.resolve()) {
  const runConfirmed = vi.fn(({ input }: { input: { commandId: string } }) => run(input.commandId));
  const actor = createActor(
    paletteMachine.provide({ actors: { runConfirmed: fromPromise(runConfirmed) } }),
  ).start();
  return { actor, runConfirmed };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const confirm = { commandId: 'user.reset:1', title: '重置密码', message: '确定重置 张三 的密码?' };

describe('paletteMachine', () => {
  it('starts closed and opens on the root page with an empty query', () => {
    const { actor } = setup();
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    actor.send({ type: 'palette.open' });
    expect(actor.getSnapshot().matches({ open: 'browsing' })).toBe(true);
    expect(currentPage(actor.getSnapshot().context)).toEqual({ id: 'root', title: '', query: '' });
  });

  it('ignores typing and page events while closed', () => {
    const { actor } = setup();
    actor.send({ type: 'query.changed', query: 'gys' });
    actor.send({ type: 'page.push', page: { id: 'themes', title: '切换主题' } });
    actor.send({ type: 'command.confirm', confirm });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
    expect(actor.getSnapshot().context.pages).toHaveLength(1);
    expect(currentPage(actor.getSnapshot().context).query).toBe('');
  });

  it('can open directly on a nested page (root stays underneath)', () => {
    const { actor } = setup();
    actor.send({ type: 'palette.open', page: { id: 'themes', title: '切换主题' } });
    expect(actor.getSnapshot().context.pages.map((p) => p.id)).toEqual(['root', 'themes']);
  });

  it('keeps a query per page and restores it when going back', () => {
    const { actor } = setup();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'query.changed', query: 'zhuti' });
    actor.send({ type: 'page.push', page: { id: 'themes', title: '切换主题' } });
    expect(currentPage(actor.getSnapshot().context)).toMatchObject({ id: 'themes', query: '' });
    actor.send({ type: 'query.changed', query: 'dark' });
    actor.send({ type: 'page.back' });
    expect(currentPage(actor.getSnapshot().context)).toMatchObject({ id: 'root', query: 'zhuti' });
  });

  it('Backspace-back never leaves the root page and never closes', () => {
    const { actor } = setup();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'page.back' });
    expect(actor.getSnapshot().matches({ open: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context.pages).toHaveLength(1);
  });

  it('Esc leaves a nested page first, then closes from the root', () => {
    const { actor } = setup();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'page.push', page: { id: 'themes', title: '切换主题' } });
    actor.send({ type: 'palette.escape' });
    expect(actor.getSnapshot().matches({ open: 'browsing' })).toBe(true);
    expect(currentPage(actor.getSnapshot().context).id).toBe('root');
    actor.send({ type: 'palette.escape' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('reopening starts over on an empty root page', () => {
    const { actor } = setup();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'query.changed', query: 'gys' });
    actor.send({ type: 'page.push', page: { id: 'themes', title: '切换主题' } });
    actor.send({ type: 'palette.close' });
    actor.send({ type: 'palette.open' });
    expect(actor.getSnapshot().context.pages).toEqual([{ id: 'root', title: '', query: '' }]);
  });

  it('a confirmed command runs once and closes the palette', async () => {
    const { actor, runConfirmed } = setup();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'command.confirm', confirm });
    expect(actor.getSnapshot().matches({ open: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.confirm).toEqual(confirm);
    actor.send({ type: 'confirm.accept' });
    actor.send({ type: 'confirm.accept' });
    expect(actor.getSnapshot().matches({ open: 'running' })).toBe(true);
    await settle();
    expect(runConfirmed).toHaveBeenCalledTimes(1);
    expect(runConfirmed.mock.calls[0]?.[0].input).toEqual({ commandId: 'user.reset:1' });
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });

  it('cancelling or Esc in the confirmation returns to the list without running', () => {
    const { actor, runConfirmed } = setup();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'command.confirm', confirm });
    actor.send({ type: 'confirm.cancel' });
    expect(actor.getSnapshot().matches({ open: 'browsing' })).toBe(true);
    expect(actor.getSnapshot().context.confirm).toBeUndefined();
    actor.send({ type: 'command.confirm', confirm });
    actor.send({ type: 'palette.escape' });
    expect(actor.getSnapshot().matches({ open: 'browsing' })).toBe(true);
    expect(runConfirmed).not.toHaveBeenCalled();
  });

  it('while confirming, typing and other commands are ignored', () => {
    const { actor } = setup();
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'command.confirm', confirm });
    actor.send({ type: 'query.changed', query: 'x' });
    actor.send({ type: 'page.push', page: { id: 'themes', title: '切换主题' } });
    expect(actor.getSnapshot().matches({ open: 'confirming' })).toBe(true);
    expect(actor.getSnapshot().context.pages).toHaveLength(1);
  });

  it('a failing command keeps the palette open with its message', async () => {
    const { actor } = setup(() => Promise.reject(new Error('没有权限')));
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'query.changed', query: 'czmm' });
    actor.send({ type: 'command.confirm', confirm });
    actor.send({ type: 'confirm.accept' });
    await settle();
    const snap = actor.getSnapshot();
    expect(snap.matches({ open: 'browsing' })).toBe(true);
    expect(snap.context.error).toBe('没有权限');
    expect(currentPage(snap.context).query).toBe('czmm');
    actor.send({ type: 'query.changed', query: 'czm' });
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('cannot be closed or reopened half-way through a running command', async () => {
    let finish!: () => void;
    const { actor } = setup(() => new Promise<void>((r) => (finish = r)));
    actor.send({ type: 'palette.open' });
    actor.send({ type: 'command.confirm', confirm });
    actor.send({ type: 'confirm.accept' });
    actor.send({ type: 'palette.close' });
    actor.send({ type: 'palette.open' });
    expect(actor.getSnapshot().matches({ open: 'running' })).toBe(true);
    finish();
    await settle();
    expect(actor.getSnapshot().matches('closed')).toBe(true);
  });
});
