import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetClientState, sendEarlyReads } from '../api/client';
import { systemApi, useMenuButtonsQuery } from '../api/system';
import '../api/user';
import { scriptFetch, signedInStore, type TestStore } from '../test/signed-in';
import { prefetchBootQueries } from './boot-queries';

/**
 * Issue 31: a reload's noted queries are put in RTK's cache from the early reads before the
 * layout's first render, so the shell and the list render once, with their data.
 */
/** The store's state as RTK Query's selectors type it (the floor's RootState has no `api`). */
const cacheOf = (store: TestStore) =>
  store.getState() as unknown as Parameters<
    ReturnType<typeof systemApi.endpoints.topMenus.select>
  >[0];

const BUTTONS = [{ id: '1', parentId: '0', code: 'param_add', name: '新增', alias: 'add' }];

afterEach(() => {
  vi.unstubAllGlobals();
  resetClientState();
});

describe('prefetchBootQueries', () => {
  it('answers the queries from the early reads: the first render has the data', async () => {
    const calls = scriptFetch((call) => (call.url.endsWith('/menu/buttons') ? BUTTONS : []));
    const store = signedInStore();
    sendEarlyReads(
      ['blade-system/menu/buttons', 'blade-system/dict/dictionary?code=yes_no'],
      'token',
    );

    await prefetchBootQueries(
      store,
      [
        { endpoint: 'menuButtons' },
        { endpoint: 'dictionary', args: 'yes_no' },
        // Neither sent: an endpoint this code does not have, and a mutation.
        { endpoint: 'noSuchEndpoint' },
        { endpoint: 'editProfile', args: { realName: 'x' } },
      ],
      1000,
    );
    // The early reads only: the queries took their answers, nothing was sent again or written.
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/blade-system/menu/buttons',
      'GET /api/blade-system/dict/dictionary?code=yes_no',
    ]);
    expect(systemApi.endpoints.dictionary.select('yes_no')(cacheOf(store)).data).toEqual([]);

    const seen: unknown[] = [];
    function Buttons() {
      seen.push(useMenuButtonsQuery().data);
      return null;
    }
    render(
      <Provider store={store}>
        <Buttons />
      </Provider>,
    );
    expect(seen[0]).toEqual(BUTTONS);
    expect(calls).toHaveLength(2);
  });

  it('waits at most its time for a slow answer, which still arrives without a second request', async () => {
    let answer: (r: Response) => void = () => {};
    const slow = new Promise<Response>((resolve) => (answer = resolve));
    const calls = scriptFetch(() => slow);
    const store = signedInStore();
    sendEarlyReads(['blade-system/menu/buttons'], 'token');

    await prefetchBootQueries(store, [{ endpoint: 'menuButtons' }], 20);
    const selectButtons = systemApi.endpoints.menuButtons.select();
    expect(selectButtons(cacheOf(store)).isLoading).toBe(true);

    answer(
      new Response(JSON.stringify({ code: 200, success: true, data: BUTTONS }), { status: 200 }),
    );
    await vi.waitFor(() => expect(selectButtons(cacheOf(store)).data).toEqual(BUTTONS));
    expect(calls).toHaveLength(1);
  });
});
