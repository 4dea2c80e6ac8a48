/**
 * Mantine 7 modals close on Escape from a window listener, so a modal opened over another (the
 * entry form or a delete confirmation over the entries dialog) would close both. The entries
 * dialog closes itself instead, only when the key belongs to it: pressed inside it, or with no
 * other modal open, and not swallowed by an open dropdown (Mantine marks those targets).
 */
export function escapeBelongsTo(target: EventTarget | null, own: Element | null): boolean {
  if (!own) return false;
  if (target instanceof Element) {
    if (target.getAttribute('data-mantine-stop-propagation') === 'true') return false;
    const dialog = target.closest('[role="dialog"]');
    if (dialog) return dialog === own;
  }
  const open = own.ownerDocument.querySelectorAll('[role="dialog"][aria-modal="true"]');
  return Array.from(open).every((d) => d === own);
}
