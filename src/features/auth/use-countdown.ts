import { useCallback, useEffect, useState } from 'react';
import { CODE_COUNTDOWN_SECONDS } from '../../contracts/auth-profile';

/**
 * The verification-code button's countdown (spec sections 4 and 9: 60 seconds, then available
 * again). Counted from an end time, so a throttled tab's late ticks do not stretch it.
 */
export function useCountdown(seconds = CODE_COUNTDOWN_SECONDS) {
  const [until, setUntil] = useState(0);
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (until === 0) return;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((until - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) setUntil(0);
    };
    tick();
    // A clock on screen (the SMS code's countdown), not a job on the server.
    // eslint-disable-next-line no-restricted-syntax
    const id = setInterval(tick, 250);
    return () => clearInterval(id);
  }, [until]);
  const start = useCallback(() => setUntil(Date.now() + seconds * 1000), [seconds]);
  return { left, running: left > 0, start };
}
