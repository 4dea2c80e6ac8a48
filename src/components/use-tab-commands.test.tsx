import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useTabShortcuts, type TabCommands } from './use-tab-commands';

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
