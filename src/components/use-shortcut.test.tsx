import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PermissionsProvider } from '../state/permissions-context';
import type { ShortcutId } from '../lib/shortcuts';
import { useShortcut } from './use-shortcut';

// No real shortcut needs a permission yet: give 'lock.now' one for these tests.
vi.mock('../lib/shortcuts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../lib/shortcuts')>();
  const list = real.SHORTCUTS.map((s) =>
    s.id === 'lock.now' ? { ...s, permission: 'test_lock' } : s,
  );
  return { ...real, SHORTCUTS: list, shortcut: (id: ShortcutId) => list.find((s) => s.id === id)! };
});

function Probe({ id, onFire, enabled }: { id: ShortcutId; onFire: () => void; enabled?: boolean }) {
  useShortcut(id, onFire, { enabled });
  return (
    <>
      <input aria-label="field" />
      <div contentEditable suppressContentEditableWarning data-testid="editor">
        <p data-testid="paragraph">text</p>
      </div>
    </>
  );
}

const altW = { key: 'w', code: 'KeyW', altKey: true };
const ctrlK = { key: 'k', code: 'KeyK', ctrlKey: true };
const altL = { key: 'l', code: 'KeyL', altKey: true };

function setup(id: ShortcutId, options: { enabled?: boolean; permissions?: string[] } = {}) {
  const onFire = vi.fn();
  const probe = <Probe id={id} onFire={onFire} enabled={options.enabled} />;
  render(
    options.permissions ? (
      <PermissionsProvider value={new Set(options.permissions)}>{probe}</PermissionsProvider>
    ) : (
      probe
    ),
  );
  return onFire;
}

describe('useShortcut', () => {
  afterEach(cleanup);

  it('fires on its key and prevents the browser default, not on other keys', () => {
    const onFire = setup('tab.close');
    fireEvent.keyDown(document.body, { key: 'w', code: 'KeyW' });
    fireEvent.keyDown(document.body, { key: 'q', code: 'KeyQ', altKey: true });
    expect(onFire).not.toHaveBeenCalled();
    const notPrevented = fireEvent.keyDown(document.body, altW);
    expect(onFire).toHaveBeenCalledTimes(1);
    expect(notPrevented).toBe(false);
  });

  it('binds ? as shift+slash', () => {
    const onFire = setup('shortcuts.help');
    fireEvent.keyDown(document.body, { key: '/', code: 'Slash' });
    expect(onFire).not.toHaveBeenCalled();
    fireEvent.keyDown(document.body, { key: '?', code: 'Slash', shiftKey: true });
    expect(onFire).toHaveBeenCalledTimes(1);
  });

  it('ignores keys typed in a text field or editable content', () => {
    const onFire = setup('tab.close');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'field' }), altW);
    fireEvent.keyDown(screen.getByTestId('paragraph'), altW);
    expect(onFire).not.toHaveBeenCalled();
    cleanup();

    const onHelp = setup('shortcuts.help');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'field' }), {
      key: '?',
      code: 'Slash',
      shiftKey: true,
    });
    expect(onHelp).not.toHaveBeenCalled();
  });

  it('fires in a text field when the shortcut allows it', () => {
    const onFire = setup('palette.open');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'field' }), ctrlK);
    fireEvent.keyDown(screen.getByTestId('paragraph'), ctrlK);
    expect(onFire).toHaveBeenCalledTimes(2);
  });

  it('ignores keys while an input method is composing', () => {
    const onFire = setup('palette.open');
    fireEvent.keyDown(document.body, { ...ctrlK, isComposing: true });
    expect(onFire).not.toHaveBeenCalled();
  });

  it('stays off without the permission and fires when it is held', () => {
    const without = setup('lock.now');
    const other = setup('lock.now', { permissions: ['someone_else'] });
    fireEvent.keyDown(document.body, altL);
    expect(without).not.toHaveBeenCalled();
    expect(other).not.toHaveBeenCalled();
    cleanup();

    const held = setup('lock.now', { permissions: ['test_lock'] });
    fireEvent.keyDown(document.body, altL);
    expect(held).toHaveBeenCalledTimes(1);
  });

  it('stays off when disabled', () => {
    const onFire = setup('tab.close', { enabled: false });
    fireEvent.keyDown(document.body, altW);
    expect(onFire).not.toHaveBeenCalled();
  });
});
