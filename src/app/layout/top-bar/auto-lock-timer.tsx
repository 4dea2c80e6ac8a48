import { useIdle } from '@mantine/hooks';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect } from 'react';
import { useShell } from '../../../state/shell-context';
import { useAutoLock } from './auto-lock';

/** Pointer and keyboard activity that counts as 'not idle'. */
const ACTIVITY_EVENTS: (keyof DocumentEventMap)[] = [
  'keydown',
  'mousemove',
  'mousedown',
  'pointerdown',
  'touchstart',
  'wheel',
  'scroll',
];

function IdleTimer({ minutes, onIdle }: { minutes: number; onIdle: () => void }) {
  // initialState false: the page counts as active when the timer starts.
  const idle = useIdle(minutes * 60_000, { initialState: false, events: ACTIVITY_EVENTS });
  useEffect(() => {
    if (idle) onIdle();
  }, [idle, onIdle]);
  return null;
}

/**
 * Sends `idle.timeout` to the lock machine after the chosen minutes without activity, but only
 * when auto-lock is on and a lock password exists (the machine ignores it otherwise too).
 */
export function AutoLockTimer() {
  const { lock } = useShell();
  const minutes = useAutoLock();
  const armed = useSelector(lock, (s) => s.matches('unlocked') && s.context.secret !== undefined);
  const onIdle = useCallback(() => lock.send({ type: 'idle.timeout' }), [lock]);
  if (minutes === 0 || !armed) return null;
  return <IdleTimer key={minutes} minutes={minutes} onIdle={onIdle} />;
}
