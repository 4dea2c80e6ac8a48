import { describe, expect, it } from 'vitest';
import { greetingKey } from './greeting';

describe('greetingKey', () => {
  it('greets by the time of day', () => {
    expect(greetingKey(4)).toBe('dashboard.greeting.evening');
    expect(greetingKey(5)).toBe('dashboard.greeting.morning');
    expect(greetingKey(11)).toBe('dashboard.greeting.noon');
    expect(greetingKey(13)).toBe('dashboard.greeting.afternoon');
    expect(greetingKey(18)).toBe('dashboard.greeting.evening');
    expect(greetingKey(23)).toBe('dashboard.greeting.evening');
  });
});
