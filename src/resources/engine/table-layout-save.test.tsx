import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { defineResource } from '../types';
import { renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import { ResourceScreen, type ResourceScreenProps } from './resource-screen';

/**
 * Issue 16 item 8: the column layout is saved only when the user changed it, once per burst of
 * changes (debounced), and a change made just before the screen closes is not lost.
 */

beforeAll(() => giveTableAViewport());

let calls: Call[] = [];
/** What table-set/get answers: nothing saved yet, or a saved layout. */
let savedLayout: unknown = null;
/** While set, table-set/get answers only when this promise resolves. */
let layoutAnswered: Promise<void> | undefined;

beforeEach(() => {
  window.history.replaceState(null, '', '/system/gadget');
  savedLayout = null;
  layoutAnswered = undefined;
  calls = scriptFetch(async (call) => {
    if (call.url.startsWith('/api/blade-system/table-set/get')) {
      await layoutAnswered;
      return savedLayout;
    }
    if (call.url.startsWith('/api/blade-system/table-set/save')) return call.body;
    return {
      records: [
        { id: '1', name: 'Nut', code: 'N1' },
        { id: '2', name: 'Bolt', code: 'B2' },
      ],
      total: 2,
      current: 1,
      size: 10,
    };
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const gadgets = defineResource<{ id: string; name: string; code: string }>({
  service: 'demo/gadget',
  route: '/system/gadget',
  title: { zh: '小物件', en: 'Gadget' },
  permissions: { add: 'gadget_add', edit: 'gadget_edit', remove: 'gadget_delete' },
  paging: 'generic',
  columns: [
    { field: 'name', label: { zh: '名称', en: 'Name' }, sortable: true },
    { field: 'code', label: { zh: '编号', en: 'Code' } },
  ],
  filters: [],
  form: [{ name: 'name', kind: 'text', label: { zh: '名称', en: 'Name' } }],
  recordLabel: (row) => row.name,
});

const saves = () => calls.filter((c) => c.url.startsWith('/api/blade-system/table-set/save'));
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

async function showScreen(permissions = ['gadget_add', 'gadget_edit', 'gadget_delete']) {
  renderSignedIn(<ResourceScreen def={gadgets as unknown as ResourceScreenProps['def']} />, {
    permissions,
  });
  await screen.findByText('Nut', {}, { timeout: 8000 });
}

/** Hides the Code column through the table's show/hide-columns menu, as a user does. */
async function hideCodeColumn() {
  fireEvent.click(screen.getByRole('button', { name: '显示/隐藏 列' }));
  fireEvent.click(await screen.findByRole('switch', { name: '编号' }));
}

describe('a first visit', { timeout: 30_000 }, () => {
  it('asks for the list beside the saved layout, not after it', async () => {
    let answer = () => undefined as void;
    layoutAnswered = new Promise((resolve) => (answer = resolve));
    renderSignedIn(<ResourceScreen def={gadgets as unknown as ResourceScreenProps['def']} />, {
      permissions: ['gadget_edit'],
    });
    await waitFor(() =>
      expect(calls.some((c) => c.url.startsWith('/api/demo/gadget/list'))).toBe(true),
    );
    // The table waits for the layout (its columns), then shows the rows already there.
    expect(screen.queryByText('Nut')).toBeNull();
    answer();
    await screen.findByText('Nut', {}, { timeout: 8000 });
  });
});

describe('table layout saves', { timeout: 30_000 }, () => {
  it('posts nothing when a table mounts (nothing saved yet, or a saved layout)', async () => {
    // A user who may not delete has no selection column: the table then sets its column order
    // itself as it starts, which used to post a save on every visit.
    await showScreen(['gadget_edit']);
    // Well past the save delay (800 ms).
    await wait(1500);
    expect(saves()).toEqual([]);
    cleanup();

    await showScreen();
    await wait(1500);
    expect(saves()).toEqual([]);
    cleanup();

    savedLayout = {
      tableKey: 'system/gadget',
      settings: { columnOrder: ['code', 'name'], hidden: ['serial'], density: 'xs' },
    };
    await showScreen();
    await wait(1500);
    expect(saves()).toEqual([]);
  });

  it('posts exactly one save after the delay when the user hides a column', async () => {
    await showScreen();
    await hideCodeColumn();
    // Not at once: the save waits for the burst of changes to end.
    expect(saves()).toEqual([]);
    await waitFor(() => expect(saves()).toHaveLength(1), { timeout: 3000 });
    expect(saves()[0]!.body).toMatchObject({
      tableKey: 'system/gadget',
      settings: { hidden: ['code'] },
    });
    await wait(1500);
    expect(saves()).toHaveLength(1);
  });

  it('sends a pending save when the screen closes before the delay has passed', async () => {
    await showScreen();
    await hideCodeColumn();
    expect(saves()).toEqual([]);
    cleanup();
    await waitFor(() => expect(saves()).toHaveLength(1));
    expect(saves()[0]!.body).toMatchObject({ settings: { hidden: ['code'] } });
  });
});
