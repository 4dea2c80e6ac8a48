import { useLayoutEffect, useState } from 'react';
import { useAppDispatch, useLang } from '../../../state/hooks';
import { langChanged } from '../../../state/ui-slice';
import type { Lang } from '../../../i18n';
import type { LoginValues } from '../login-rules';
import { shownSnapshot, snapshotElement, SNAPSHOT_RELEASED_MARK } from './snapshot-element';

/*
 * The prerendered login form (login.html, see render.tsx) is painted before the console's
 * script has run. Until the console takes over it is inert: its submit button is disabled,
 * so neither a click nor Enter can send the form natively. What was typed into it is not lost:
 * the login page starts from those values and focus moves to the same field.
 */

/** Snapshot inputs by name, to the login form's values (the captcha input is named 'captcha'). */
const FIELDS: Record<string, keyof LoginValues> = {
  tenantId: 'tenantId',
  username: 'username',
  password: 'password',
  captcha: 'captchaCode',
};
const LANGUAGE_INPUT = 'login-language';

/** The values in the snapshot's fields (typed, or filled in by the browser). */
export function typedIntoSnapshot(): Partial<LoginValues> {
  const values: Partial<LoginValues> = {};
  shownSnapshot()
    ?.querySelectorAll('input')
    .forEach((input) => {
      const field = FIELDS[input.name];
      if (field) values[field] = input.value;
    });
  return values;
}

/**
 * The language picked in the snapshot (a radio other than the one it was rendered with). Read
 * while rendering, before the commit: inserting the console's checked radio unchecks the
 * snapshot's (one radio group per document).
 */
export function snapshotLanguage(): Lang | undefined {
  const checked = shownSnapshot()?.querySelector<HTMLInputElement>(
    `input[name="${LANGUAGE_INPUT}"]:checked`,
  );
  if (!checked || checked.defaultChecked) return undefined;
  return checked.value === 'zh' || checked.value === 'en' ? checked.value : undefined;
}

interface Focus {
  name: string;
  value: string;
  start: number | null;
  end: number | null;
}

function focusedField(snapshot: HTMLElement): Focus | undefined {
  const active = document.activeElement;
  if (!(active instanceof HTMLInputElement) || !snapshot.contains(active)) return undefined;
  if (!(active.name in FIELDS) && active.name !== LANGUAGE_INPUT) return undefined;
  const text = active.type !== 'radio';
  return {
    name: active.name,
    value: active.value,
    start: text ? active.selectionStart : null,
    end: text ? active.selectionEnd : null,
  };
}

function refocus(focus: Focus): void {
  const inputs = document.querySelectorAll<HTMLInputElement>(`input[name="${focus.name}"]`);
  const target = [...inputs].find((i) => i.type !== 'radio' || i.value === focus.value);
  if (!target) return;
  target.focus();
  if (focus.start !== null) target.setSelectionRange(focus.start, focus.end ?? focus.start);
}

/**
 * Removes the snapshot once the console has rendered (a hidden one too), moving focus and the
 * caret to the console's field of the same name.
 */
export function releaseLoginSnapshot(): void {
  const snapshot = snapshotElement();
  if (!snapshot) return;
  const focus = focusedField(snapshot);
  snapshot.remove();
  if (focus) refocus(focus);
  // npm run bench reads when the console took the form over.
  performance.mark(SNAPSHOT_RELEASED_MARK);
}

/**
 * Rendered beside the routes: its layout effect runs after the login page's first commit and
 * before the browser paints, so the hand-over from snapshot to console shows no frame between.
 */
export function LoginSnapshotTakeover() {
  const dispatch = useAppDispatch();
  const lang = useLang();
  // Decided once, at the first render: later language changes are the console's own.
  const [switchTo] = useState(() => {
    const picked = snapshotLanguage();
    return picked && picked !== lang ? picked : undefined;
  });
  useLayoutEffect(() => {
    releaseLoginSnapshot();
    if (switchTo) dispatch(langChanged(switchTo));
  }, [dispatch, switchTo]);
  return null;
}
