import { describe, it, expect } from 'vitest';
import { createActor } from 'xstate';
import { RESTORE_MAX, tabKey, tabsMachine, type Tab, type TabsEvent } from './tabs-machine';

const home: Tab = { key: '/wel/index', label: '首页', path: '/wel/index' };

function start() {
  const actor = createActor(tabsMachine, { input: { home } });
  actor.start();
  const send = (...events: TabsEvent[]) => events.forEach((e) => actor.send(e));
  const ctx = () => actor.getSnapshot().context;
  const keys = () => ctx().tabs.map((t) => t.key);
  return { actor, send, ctx, keys };
}

const open = (path: string, query?: Record<string, string>): TabsEvent => ({
  type: 'tab.open',
  tab: { label: path, path, ...(query ? { query } : {}) },
});

describe('tabKey', () => {
  it('is the path alone without a query', () => {
    expect(tabKey('/a')).toBe('/a');
    expect(tabKey('/a', {})).toBe('/a');
  });

  it('sorts the query so parameter order does not open a second tab', () => {
    expect(tabKey('/a', { b: '2', a: '1' })).toBe('/a?a=1&b=2');
    expect(tabKey('/a', { a: '1', b: '2' })).toBe(tabKey('/a', { b: '2', a: '1' }));
  });

  it('encodes keys and values', () => {
    expect(tabKey('/a', { q: 'x&y=z' })).toBe('/a?q=x%26y%3Dz');
  });
});

describe('tabsMachine', () => {
  it('starts with the home tab active and kept alive', () => {
    const { actor, ctx } = start();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(ctx()).toEqual({
      tabs: [home],
      activeKey: '/wel/index',
      closed: [],
      keepAlive: ['/wel/index'],
    });
  });

  describe('tab.open', () => {
    it('adds a new tab, activates it and keeps it alive', () => {
      const { send, ctx, keys } = start();
      send(open('/a'), open('/b', { id: '1' }));
      expect(keys()).toEqual(['/wel/index', '/a', '/b?id=1']);
      expect(ctx().activeKey).toBe('/b?id=1');
      expect(ctx().keepAlive).toEqual(['/wel/index', '/a', '/b?id=1']);
    });

    it('reuses an open tab: updates its label, keeps its position, activates it', () => {
      const { send, ctx, keys } = start();
      send(open('/a'), open('/b'));
      send({ type: 'tab.open', tab: { label: 'A!', path: '/a' } });
      expect(keys()).toEqual(['/wel/index', '/a', '/b']);
      expect(ctx().tabs[1]!.label).toBe('A!');
      expect(ctx().activeKey).toBe('/a');
      expect(ctx().keepAlive).toEqual(['/wel/index', '/b', '/a']);
    });

    it('changes nothing when the active tab is opened again as it is', () => {
      const { send, ctx } = start();
      send(open('/a'), open('/b'));
      const before = ctx();
      send(open('/b'));
      // The same lists: nothing that reads the tabs renders again.
      expect(ctx().tabs).toBe(before.tabs);
      expect(ctx().keepAlive).toBe(before.keepAlive);
      // Another label, or a tab that is not the active one, still changes them.
      send({ type: 'tab.open', tab: { label: 'B2', path: '/b' } });
      expect(ctx().tabs).not.toBe(before.tabs);
      expect(ctx().tabs.find((t) => t.key === '/b')?.label).toBe('B2');
      send(open('/a'));
      expect(ctx().activeKey).toBe('/a');
    });

    it('treats the same query in another order as the same tab', () => {
      const { send, keys } = start();
      send(open('/a', { x: '1', y: '2' }), open('/a', { y: '2', x: '1' }));
      expect(keys()).toEqual(['/wel/index', '/a?x=1&y=2']);
    });

    it('keeps an explicit key', () => {
      const { send, keys } = start();
      send({ type: 'tab.open', tab: { key: 'custom', label: 'C', path: '/c' } });
      expect(keys()).toEqual(['/wel/index', 'custom']);
    });

    it('opening home relabels it without adding a tab', () => {
      const { send, ctx } = start();
      send(open('/a'), { type: 'tab.open', tab: { label: 'Home', path: '/wel/index' } });
      expect(ctx().tabs).toHaveLength(2);
      expect(ctx().tabs[0]!.label).toBe('Home');
      expect(ctx().activeKey).toBe('/wel/index');
    });
  });

  describe('tab.activate', () => {
    it('activates an open tab and touches keep-alive', () => {
      const { send, ctx } = start();
      send(open('/a'), open('/b'), { type: 'tab.activate', key: '/a' });
      expect(ctx().activeKey).toBe('/a');
      expect(ctx().keepAlive).toEqual(['/wel/index', '/b', '/a']);
    });

    it('ignores an unknown key', () => {
      const { send, ctx } = start();
      send(open('/a'));
      const before = ctx();
      send({ type: 'tab.activate', key: '/nope' });
      expect(ctx()).toEqual(before);
    });
  });

  describe('tab.close', () => {
    it('ignores closing home, even with other tabs open', () => {
      const { send, ctx } = start();
      send(open('/a'), { type: 'tab.activate', key: '/wel/index' });
      const before = ctx();
      send({ type: 'tab.close', key: '/wel/index' });
      expect(ctx()).toEqual(before);
    });

    it('ignores closing the only tab', () => {
      const { send, ctx } = start();
      const before = ctx();
      send({ type: 'tab.close', key: '/wel/index' });
      expect(ctx()).toEqual(before);
    });

    it('ignores an unknown key', () => {
      const { send, ctx } = start();
      send(open('/a'));
      const before = ctx();
      send({ type: 'tab.close', key: '/nope' });
      expect(ctx()).toEqual(before);
    });

    it('closing the active tab activates the previous one', () => {
      const { send, ctx, keys } = start();
      send(open('/a'), open('/b'), open('/c'), { type: 'tab.activate', key: '/b' });
      send({ type: 'tab.close', key: '/b' });
      expect(keys()).toEqual(['/wel/index', '/a', '/c']);
      expect(ctx().activeKey).toBe('/a');
    });

    it('closing the last active tab activates the one before it', () => {
      const { send, ctx } = start();
      send(open('/a'), open('/b'), { type: 'tab.close', key: '/b' });
      expect(ctx().activeKey).toBe('/a');
    });

    it('closing an inactive tab keeps the active one', () => {
      const { send, ctx, keys } = start();
      send(open('/a'), open('/b'), { type: 'tab.close', key: '/a' });
      expect(keys()).toEqual(['/wel/index', '/b']);
      expect(ctx().activeKey).toBe('/b');
    });

    it('pushes the tab on closed and drops its keep-alive state', () => {
      const { send, ctx } = start();
      send(open('/a'), open('/b'));
      send({ type: 'tab.close', key: '/a' });
      expect(ctx().closed.map((t) => t.key)).toEqual(['/a']);
      expect(ctx().keepAlive).toEqual(['/wel/index', '/b']);
    });

    it('keeps at most 20 closed tabs, dropping the oldest', () => {
      const { send, ctx } = start();
      for (let i = 0; i < 25; i++) send(open(`/p${i}`), { type: 'tab.close', key: `/p${i}` });
      expect(ctx().closed).toHaveLength(20);
      expect(ctx().closed[0]!.key).toBe('/p5');
      expect(ctx().closed[19]!.key).toBe('/p24');
    });
  });

  describe('tab.closeOthers / tab.closeAll', () => {
    it('closeOthers keeps home and the key, and activates the key', () => {
      const { send, ctx, keys } = start();
      send(open('/a'), open('/b'), open('/c'), { type: 'tab.closeOthers', key: '/b' });
      expect(keys()).toEqual(['/wel/index', '/b']);
      expect(ctx().activeKey).toBe('/b');
      expect(ctx().keepAlive).toEqual(['/wel/index', '/b']);
      expect(ctx().closed.map((t) => t.key)).toEqual(['/a', '/c']);
    });

    it('closeOthers ignores an unknown key', () => {
      const { send, ctx } = start();
      send(open('/a'));
      const before = ctx();
      send({ type: 'tab.closeOthers', key: '/nope' });
      expect(ctx()).toEqual(before);
    });

    it('closeAll keeps only home and activates it', () => {
      const { send, ctx, keys } = start();
      send(open('/a'), open('/b'));
      send({ type: 'tab.closeAll' });
      expect(keys()).toEqual(['/wel/index']);
      expect(ctx().activeKey).toBe('/wel/index');
      expect(ctx().keepAlive).toEqual(['/wel/index']);
    });
  });

  describe('keep-alive', () => {
    it('holds at most 10 pages including home and evicts the least recently activated', () => {
      const { send, ctx } = start();
      for (let i = 1; i <= 12; i++) send(open(`/p${i}`));
      // home + p1..p12 = 13 activations; p1, p2, p3 went out in that order.
      expect(ctx().keepAlive).toEqual([
        '/wel/index',
        ...Array.from({ length: 9 }, (_, i) => `/p${i + 4}`),
      ]);
      expect(ctx().tabs).toHaveLength(13);
    });

    it('never evicts home even when it is the least recently activated', () => {
      const { send, ctx } = start();
      for (let i = 1; i <= 12; i++) send(open(`/p${i}`));
      expect(ctx().keepAlive[0]).toBe('/wel/index');
      expect(ctx().keepAlive).toHaveLength(10);
    });

    it('activating a page protects it from the next eviction', () => {
      const { send, ctx } = start();
      for (let i = 1; i <= 9; i++) send(open(`/p${i}`));
      expect(ctx().keepAlive).toHaveLength(10);
      send({ type: 'tab.activate', key: '/p1' }, open('/p10'));
      expect(ctx().keepAlive).toContain('/p1');
      expect(ctx().keepAlive).not.toContain('/p2');
      expect(ctx().keepAlive.at(-1)).toBe('/p10');
    });
  });

  describe('tab.next / tab.prev', () => {
    it('cycle through the tabs and wrap around', () => {
      const { send, ctx } = start();
      send(open('/a'), open('/b'));
      send({ type: 'tab.next' });
      expect(ctx().activeKey).toBe('/wel/index');
      send({ type: 'tab.next' });
      expect(ctx().activeKey).toBe('/a');
      send({ type: 'tab.prev' }, { type: 'tab.prev' });
      expect(ctx().activeKey).toBe('/b');
    });

    it('stay on home when it is the only tab', () => {
      const { send, ctx } = start();
      send({ type: 'tab.next' }, { type: 'tab.prev' });
      expect(ctx().activeKey).toBe('/wel/index');
    });
  });

  describe('tab.reopen', () => {
    it('reopens closed tabs most recent first, at the end, and activates them', () => {
      const { send, ctx, keys } = start();
      send(open('/a'), open('/b'), open('/c'));
      send({ type: 'tab.close', key: '/a' }, { type: 'tab.close', key: '/c' });
      send({ type: 'tab.reopen' });
      expect(keys()).toEqual(['/wel/index', '/b', '/c']);
      expect(ctx().activeKey).toBe('/c');
      send({ type: 'tab.reopen' });
      expect(keys()).toEqual(['/wel/index', '/b', '/c', '/a']);
      expect(ctx().activeKey).toBe('/a');
      expect(ctx().closed).toEqual([]);
    });

    it('keeps the label, params and query of the reopened tab', () => {
      const { send, ctx } = start();
      const tab = { label: 'Order', path: '/o', params: { id: '7' }, query: { t: '1' } };
      send({ type: 'tab.open', tab }, { type: 'tab.close', key: '/o?t=1' }, { type: 'tab.reopen' });
      expect(ctx().tabs[1]).toEqual({ ...tab, key: '/o?t=1' });
    });

    it('is ignored when nothing was closed', () => {
      const { send, ctx } = start();
      send(open('/a'));
      const before = ctx();
      send({ type: 'tab.reopen' });
      expect(ctx()).toEqual(before);
    });
  });

  it('tabs.reset keeps only home and clears the closed stack', () => {
    const { send, ctx } = start();
    send(open('/a'), open('/b'), { type: 'tab.close', key: '/a' });
    send({ type: 'tabs.reset' });
    expect(ctx()).toEqual({
      tabs: [home],
      activeKey: '/wel/index',
      closed: [],
      keepAlive: ['/wel/index'],
    });
  });
});

describe('tabs.restore (open tabs kept over a reload)', () => {
  const tab = (path: string, label = path): Tab => ({ key: path, label, path });

  it('puts the stored tabs back behind home without activating or keeping them alive', () => {
    const { send, ctx, keys } = start();
    send({ type: 'tabs.restore', tabs: [tab('/a'), tab('/b')] });
    expect(keys()).toEqual(['/wel/index', '/a', '/b']);
    expect(ctx().activeKey).toBe('/wel/index');
    expect(ctx().keepAlive).toEqual(['/wel/index']);
    // The address then opens its own tab: it keeps its stored place.
    send(open('/b'));
    expect(keys()).toEqual(['/wel/index', '/a', '/b']);
    expect(ctx().activeKey).toBe('/b');
  });

  it('keeps the stored order when the address opened its tab first', () => {
    const { send, ctx, keys } = start();
    send({ type: 'tab.open', tab: { label: 'B now', path: '/b' } }, open('/c'));
    send({ type: 'tabs.restore', tabs: [tab('/a'), tab('/b', 'B then')] });
    expect(keys()).toEqual(['/wel/index', '/a', '/b', '/c']);
    expect(ctx().tabs[2]!.label).toBe('B now');
    expect(ctx().activeKey).toBe('/c');
  });

  it('drops duplicates and home, and caps the list', () => {
    const { send, ctx, keys } = start();
    send({ type: 'tabs.restore', tabs: [tab('/wel/index', 'X'), tab('/a'), tab('/a')] });
    expect(keys()).toEqual(['/wel/index', '/a']);
    expect(ctx().tabs[0]!.label).toBe('首页');
    const many = Array.from({ length: RESTORE_MAX + 5 }, (_, i) => tab(`/p${i}`));
    send({ type: 'tabs.restore', tabs: many });
    expect(ctx().tabs.length).toBeLessThanOrEqual(RESTORE_MAX + 2);
  });
});
