import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { tabsMachine } from '../../machines/tabs-machine';
import { guardTabClose } from '../lib/close-guards';
import { useShell } from '../state/shell-context';
import { useTabCommands, useTabShortcuts, type TabCommands } from './use-tab-commands';

// useTabShortcuts needs none of the shell; keep its machines and API out of this test.
vi.mock('../state/shell-context', () => ({ useShell: vi.fn() }));

function Probe({ commands }: { commands: TabCommands }) {
  useTabShortcuts(commands, 'orders');
  return <input aria-label="field" />;
}

function setup() {
  const commands: TabCommands = {
    close: vi.fn(),
    closeOthers: vi.fn(),
    closeAll: vi.fn(),
    next: vi.fn(),
    prev: vi.fn(),
    reopen: vi.fn(),
  };
  render(<Probe commands={commands} />);
  return commands;
}

describe('useTabShortcuts', () => {
  afterEach(cleanup);

  it('runs the tab commands on Alt+→, Alt+←, Alt+W and Alt+Shift+T', () => {
    const commands = setup();
    fireEvent.keyDown(document.body, { key: 'ArrowRight', code: 'ArrowRight', altKey: true });
    fireEvent.keyDown(document.body, { key: 'ArrowLeft', code: 'ArrowLeft', altKey: true });
    fireEvent.keyDown(document.body, { key: 'w', code: 'KeyW', altKey: true });
    fireEvent.keyDown(document.body, { key: 'T', code: 'KeyT', altKey: true, shiftKey: true });
    expect(commands.next).toHaveBeenCalledTimes(1);
    expect(commands.prev).toHaveBeenCalledTimes(1);
    expect(commands.close).toHaveBeenCalledWith('orders');
    expect(commands.reopen).toHaveBeenCalledTimes(1);
  });

  it('leaves Alt+arrows to the text field (word-wise caret moves on macOS)', () => {
    const commands = setup();
    const field = screen.getByRole('textbox', { name: 'field' });
    fireEvent.keyDown(field, { key: 'ArrowRight', code: 'ArrowRight', altKey: true });
    fireEvent.keyDown(field, { key: 'w', code: 'KeyW', altKey: true });
    expect(commands.next).not.toHaveBeenCalled();
    expect(commands.close).not.toHaveBeenCalled();
  });
});

describe('useTabCommands: a guarded tab', () => {
  afterEach(cleanup);

  function shellWithTabs() {
    const tabs = createActor(tabsMachine, {
      input: { home: { key: '/wel/index', label: '首页', path: '/wel/index' } },
    }).start();
    for (const path of ['/flow/model/design/7', '/system/user'])
      tabs.send({ type: 'tab.open', tab: { path, label: path } });
    vi.mocked(useShell).mockReturnValue({ tabs } as unknown as ReturnType<typeof useShell>);
    const { result } = renderHook(() => useTabCommands(), { wrapper: MemoryRouter });
    const open = () => tabs.getSnapshot().context.tabs.map((t) => t.key);
    return { commands: result.current, open };
  }

  it('asks its page before closing it, and keeps it when the page says so', async () => {
    const { commands, open } = shellWithTabs();
    const answers = [false, true];
    const ask = vi.fn(async () => answers.shift()!);
    const release = guardTabClose('/flow/model/design/7', ask);
    await act(async () => commands.close('/flow/model/design/7'));
    expect(open()).toContain('/flow/model/design/7');
    // Closing the others asks the guarded one too; an unguarded tab closes without asking.
    await act(async () => commands.closeOthers('/system/user'));
    expect(ask).toHaveBeenCalledTimes(2);
    expect(open()).toEqual(['/wel/index', '/system/user']);
    release();
  });

  it('closes without asking once the page released its guard (saved)', async () => {
    const { commands, open } = shellWithTabs();
    const ask = vi.fn(async () => false);
    guardTabClose('/flow/model/design/7', ask)();
    await act(async () => commands.closeAll());
    expect(ask).not.toHaveBeenCalled();
    expect(open()).toEqual(['/wel/index']);
  });
});
