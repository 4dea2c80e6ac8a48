import { afterEach, describe, expect, it } from 'vitest';
import { escapeBelongsTo } from './dict-dialog-escape';

function dialog(): HTMLElement {
  const section = document.createElement('section');
  section.setAttribute('role', 'dialog');
  section.setAttribute('aria-modal', 'true');
  section.append(document.createElement('input'));
  // Mantine portals every modal into its own node under body.
  const portal = document.createElement('div');
  portal.append(section);
  document.body.append(portal);
  return section;
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('escapeBelongsTo', () => {
  it('closes the entries dialog for an Escape pressed inside it', () => {
    const own = dialog();
    expect(escapeBelongsTo(own.querySelector('input'), own)).toBe(true);
    expect(escapeBelongsTo(document.body, own)).toBe(true);
  });

  it('leaves it open while a form or confirmation opened over it takes the Escape', () => {
    const own = dialog();
    const form = dialog();
    expect(escapeBelongsTo(form.querySelector('input'), own)).toBe(false);
    expect(escapeBelongsTo(document.body, own)).toBe(false);
  });

  it('leaves it open when an open dropdown swallows the Escape', () => {
    const own = dialog();
    const input = own.querySelector('input')!;
    input.setAttribute('data-mantine-stop-propagation', 'true');
    expect(escapeBelongsTo(input, own)).toBe(false);
  });

  it('does nothing without the dialog', () => {
    expect(escapeBelongsTo(document.body, null)).toBe(false);
  });
});
