/** BladeX wire format for dates: 'yyyy-MM-dd HH:mm:ss' in server local time. */
export function formatDateTime(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ` +
    `${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`
  );
}

export function nowText(): string {
  return formatDateTime(new Date());
}

export function epochSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/** Accepts 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss'; returns the full form or undefined. */
export function parseDateTime(value: string): string | undefined {
  if (!DATE_TIME.test(value)) return undefined;
  const full = value.length === 10 ? `${value} 00:00:00` : value;
  const d = new Date(full.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? undefined : full;
}
