import { afterEach, describe, expect, it, vi } from 'vitest';
import { atSimulatedTime, formatDateTime, nowText } from './time.js';

describe('nowText', () => {
  afterEach(() => vi.useRealTimers());

  it('follows the clock from one second to the next (the text is kept within a second)', () => {
    vi.useFakeTimers();
    const at = new Date(2026, 10, 28, 9, 59, 59, 10);
    vi.setSystemTime(at);
    expect(nowText()).toBe('2026-11-28 09:59:59');
    vi.setSystemTime(new Date(at.getTime() + 900));
    expect(nowText()).toBe('2026-11-28 09:59:59');
    vi.setSystemTime(new Date(at.getTime() + 1000));
    expect(nowText()).toBe('2026-11-28 10:00:00');
    // A clock set back is followed too.
    vi.setSystemTime(new Date(2025, 0, 1, 0, 0, 0));
    expect(nowText()).toBe('2025-01-01 00:00:00');
  });

  it('answers the simulated time inside atSimulatedTime (the demo seed)', async () => {
    const at = new Date(2024, 4, 6, 7, 8, 9);
    expect(await atSimulatedTime(at, async () => nowText())).toBe(formatDateTime(at));
    expect(nowText()).not.toBe(formatDateTime(at));
  });
});

describe('atSimulatedTime', () => {
  it('keeps each run its own time while runs overlap, and the real clock after the last', async () => {
    const early = new Date(2026, 0, 2, 3, 4, 5);
    const late = new Date(2026, 5, 6, 7, 8, 9);
    let releaseLate!: () => void;
    const lateMayEnd = new Promise<void>((resolve) => (releaseLate = resolve));
    const seenLate: string[] = [];
    const lateRun = atSimulatedTime(late, async () => {
      seenLate.push(nowText());
      await lateMayEnd;
      // The early run has ended meanwhile: this one still reads its own time.
      seenLate.push(nowText());
    });
    const seenEarly = await atSimulatedTime(early, async () => {
      await Promise.resolve();
      return nowText();
    });
    releaseLate();
    await lateRun;
    expect(seenEarly).toBe('2026-01-02 03:04:05');
    expect(seenLate).toEqual(['2026-06-06 07:08:09', '2026-06-06 07:08:09']);
    expect(nowText()).toBe(formatDateTime(new Date()));
  });
});
