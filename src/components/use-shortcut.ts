import { useHotkeys } from 'react-hotkeys-hook';
import { usePermissions } from '../state/permissions-context';
import { shortcut, shortcutPermitted, type ShortcutId } from '../lib/shortcuts';

/**
 * jsdom and some embedded editors do not report isContentEditable, which is all the library
 * checks; the attribute covers both.
 */
function inEditableContent(e: KeyboardEvent): boolean {
  const target = e.target;
  return (
    target instanceof Element &&
    target.closest('[contenteditable]:not([contenteditable="false"])') !== null
  );
}

/**
 * Binds a shortcut of the registry (shortcuts.ts) to `handler` while the component is mounted.
 * Ignored while typing in form fields or editable content unless the shortcut allows it, and
 * while a Chinese/Japanese IME is composing (its keys belong to the candidate window). Off when
 * the user lacks the shortcut's permission or `enabled` is false. A match prevents the
 * browser's default (Alt+W, Ctrl+K and Alt+←/→ all have one).
 */
export function useShortcut(
  id: ShortcutId,
  handler: (e: KeyboardEvent) => void,
  options?: { enabled?: boolean },
): void {
  const s = shortcut(id);
  const permissions = usePermissions();
  const inInputs = s.allowInInputs === true;
  useHotkeys(s.keys, (e) => handler(e), {
    enabled: (options?.enabled ?? true) && shortcutPermitted(s, permissions),
    enableOnFormTags: inInputs,
    enableOnContentEditable: inInputs,
    ignoreEventWhen: (e) => e.isComposing || (!inInputs && inEditableContent(e)),
    preventDefault: true,
  });
}
