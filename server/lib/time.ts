import { AsyncLocalStorage } from 'node:async_hooks';

/** BladeX wire format for dates: 'yyyy-MM-dd HH:mm:ss' in server local time. */
export function formatDateTime(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return (
    `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())} ` +
    `${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}`
  );
}

/**
 * The demo data's clock (issue 27 item 11): demo orders are placed through the live service
 * path at the times they pretend to have happened, so every `nowText()` on that path (the
 * order, the supplier order, the ledgers) reads the simulated time. Nothing else sets it.
 */
const simulated = new AsyncLocalStorage<Date>();

let simulatedRuns = 0;

/**
 * Runs `work` with `nowText()` answering `at` (demo seeding only). When the last run ends the
 * store is disabled again: while any AsyncLocalStorage is enabled, Node 20 runs an async hook on
 * every promise the process makes (a million awaits: 406 ms against 167 ms here), and the seed
 * left it on for every later request (issue 30's profile: promiseInitHook and its kin). The next
 * run enables it again.
 */
export async function atSimulatedTime<T>(at: Date, work: () => Promise<T>): Promise<T> {
  simulatedRuns++;
  try {
    return await simulated.run(at, work);
  } finally {
    if (--simulatedRuns === 0) simulated.disable();
  }
}

// The text of the current second, kept: the order path asks for it a dozen times per order.
let second = -1;
let secondText = '';

export function nowText(): string {
  const at = simulated.getStore();
  if (at) return formatDateTime(at);
  const ms = Date.now();
  const s = Math.floor(ms / 1000);
  if (s !== second) {
    secondText = formatDateTime(new Date(ms));
    second = s;
  }
  return secondText;
}

export function epochSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;

/**
 * Accepts 'yyyy-MM-dd' or 'yyyy-MM-dd HH:mm:ss' naming a real calendar date and time (no
 * 2024-02-30, 2023-02-29, 24:00:00: Date would roll them over); returns the full form or
 * undefined.
 */
export function parseDateTime(value: string): string | undefined {
  if (!DATE_TIME.test(value)) return undefined;
  const full = value.length === 10 ? `${value} 00:00:00` : value;
  const [y, mo, d, h, mi, s] = full.split(/[- :]/).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  const real =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s;
  return real ? full : undefined;
}
