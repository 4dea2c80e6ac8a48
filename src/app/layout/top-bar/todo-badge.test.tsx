import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { todoTaskContract, WORK_CALLS } from '../../../contracts/blade-flow/task';
import { TODO_COUNT, TODO_SCREEN } from '../../../resources/blade-flow-work/todo-count';
import { useWorkflowPost } from '../../../resources/blade-flow-work/use-workflow-post';
import { renderSignedIn, scriptFetch } from '../../../test/signed-in';
import { TodoBadge } from './todo-badge';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  return <output aria-label="where">{useLocation().pathname}</output>;
}

/** A task action elsewhere in the console (the claim dialog's), through the same hook. */
function Claim() {
  const post = useWorkflowPost();
  return (
    <button
      type="button"
      onClick={() => void post.run({ path: `${WORK_CALLS.claimTask}?taskId=t1` })}
    >
      claim
    </button>
  );
}

function render(permissions: string[]) {
  let counts = { todo: 3, claim: 2 };
  const calls = scriptFetch((call) =>
    call.url.startsWith('/api/blade-flow/work/todo-count') ? counts : {},
  );
  renderSignedIn(
    <MemoryRouter initialEntries={['/wel/index']}>
      <TodoBadge />
      <Claim />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
    { permissions },
  );
  const asked = () => calls.filter((c) => c.url.includes('todo-count')).length;
  return { asked, set: (next: typeof counts) => (counts = next) };
}

describe('todo badge', () => {
  it('names the same wire as the contracts', () => {
    expect(TODO_COUNT.path).toBe(WORK_CALLS.todoCount);
    expect(TODO_SCREEN).toEqual({ menu: todoTaskContract.menu, route: todoTaskContract.route });
  });

  it('shows my todo count, opens 待办事务, and counts again on focus and after a task action', async () => {
    const { asked, set } = render(['work_todo']);
    await screen.findByRole('button', { name: '待办 3 项，待签 2 项' });
    expect(screen.getByText('3')).toBeTruthy();
    set({ todo: 5, claim: 0 });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByRole('button', { name: '待办 5 项，待签 0 项' })).toBeTruthy();
    const before = asked();
    set({ todo: 6, claim: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'claim' }));
    expect(await screen.findByRole('button', { name: '待办 6 项，待签 0 项' })).toBeTruthy();
    expect(asked()).toBe(before + 1);
    fireEvent.click(screen.getByRole('button', { name: '待办 6 项，待签 0 项' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'where' }).textContent).toBe('/work/todo'),
    );
  });

  it('is not shown, and nothing is asked, without 待办事务', async () => {
    const { asked } = render(['work_claim']);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: /待办/ })).toBeNull();
    expect(asked()).toBe(0);
  });
});
