import { describe, expect, it } from 'vitest';
import { badgeText } from './badge';

describe('badgeText', () => {
  it('hides the badge when there is nothing to show', () => {
    expect(badgeText(0)).toBeUndefined();
    expect(badgeText(-3)).toBeUndefined();
    expect(badgeText(Number.NaN)).toBeUndefined();
  });

  it('shows the count up to 99', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
  });

  it("caps at '99+' over 99", () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(200)).toBe('99+');
  });
});
