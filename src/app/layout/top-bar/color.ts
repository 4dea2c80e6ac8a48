/** A few swatches for the picker; the first is the spec's default theme colour (#12a182). */
export const COLOR_SWATCHES = [
  '#12a182',
  '#409eff',
  '#1890ff',
  '#2f54eb',
  '#722ed1',
  '#eb2f96',
  '#f5222d',
  '#fa8c16',
  '#13c2c2',
  '#52c41a',
] as const;

/**
 * A typed colour as the '#rrggbb' the ui slice accepts, or undefined when it is not a colour
 * (the input is then ignored). '#abc' and a missing '#' are accepted for convenience.
 */
export function normaliseHex(input: string): string | undefined {
  const text = input.trim().replace(/^#?/, '#').toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  if (/^#[0-9a-f]{3}$/.test(text)) return `#${[...text.slice(1)].map((c) => c + c).join('')}`;
  return undefined;
}
