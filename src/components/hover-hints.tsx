import { Tooltip } from '@mantine/core';
import {
  useEffect,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
} from 'react';

/** The attribute that gives an element its hint; `data-hint-delay` (ms) delays it. */
const HINTED = '[data-hint]';

interface Shown {
  text: string;
  rect: DOMRect;
}

function hinted(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(HINTED) : null;
}

/**
 * One tooltip for every element under it that carries `data-hint="text"`, shown on hover and on
 * keyboard focus, hidden on leaving, blur, Escape and scroll. A Mantine Tooltip per row button
 * mounts its floating-ui hooks, listeners and a portal with every row (a table draws three per
 * row, again on each scroll step); here the buttons carry an attribute and one Tooltip is placed
 * over whichever is hinted, with Mantine's look. The hint is visual: the elements keep their
 * own accessible names.
 */
export function HoverHints({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState<Shown | null>(null);
  const current = useRef<HTMLElement | null>(null);
  const timer = useRef<number | undefined>(undefined);
  // A press focuses what it presses: that focus is the pointer's, not the keyboard's.
  const pressed = useRef(false);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const hide = () => {
    window.clearTimeout(timer.current);
    current.current = null;
    setShown(null);
  };
  const show = (element: HTMLElement, delay: number) => {
    window.clearTimeout(timer.current);
    current.current = element;
    const open = () => {
      const text = element.dataset.hint;
      if (current.current !== element || !text || !element.isConnected) return;
      setShown({ text, rect: element.getBoundingClientRect() });
    };
    if (delay > 0) timer.current = window.setTimeout(open, delay);
    else open();
  };

  const onPointerOver = (event: PointerEvent) => {
    const element = hinted(event.target);
    if (!element) return;
    if (element !== current.current) show(element, Number(element.dataset.hintDelay ?? 0));
  };
  const onPointerOut = (event: PointerEvent) => {
    const element = hinted(event.target);
    if (element && element === current.current && !element.contains(event.relatedTarget as Node))
      hide();
  };
  const onFocus = (event: FocusEvent) => {
    const byPointer = pressed.current;
    pressed.current = false;
    const element = hinted(event.target);
    // Only keyboard focus: a click focuses the button too, and its hover hint is already up.
    if (element && element === event.target && !byPointer) show(element, 0);
  };
  const onBlur = (event: FocusEvent) => {
    if (hinted(event.target) === current.current) hide();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && current.current) hide();
  };

  return (
    <div
      style={{ display: 'contents' }}
      onPointerOver={onPointerOver}
      onPointerOut={onPointerOut}
      onPointerDown={() => {
        pressed.current = true;
      }}
      onFocus={onFocus}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
      onScrollCapture={shown ? hide : undefined}
    >
      {children}
      {shown && (
        <Tooltip label={shown.text} opened withinPortal>
          <span
            aria-hidden
            style={{
              position: 'fixed',
              left: shown.rect.left,
              top: shown.rect.top,
              width: shown.rect.width,
              height: shown.rect.height,
              pointerEvents: 'none',
            }}
          />
        </Tooltip>
      )}
    </div>
  );
}
