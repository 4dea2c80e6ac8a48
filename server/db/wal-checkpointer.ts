import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite's WAL checkpoints, moved off the request path (issue 27's order bench).
 *
 * In WAL mode every commit appends pages to the -wal file, and by default the commit that takes
 * the WAL past 1,000 pages copies them back into the database file and syncs it: on this
 * machine about one commit in 60 took 3 to 13 ms doing so, on the one thread that serves every
 * request (better-sqlite3 is synchronous), which made the mean commit 200 us against a median of
 * 80. Here a worker thread with a connection of its own runs a PASSIVE checkpoint every
 * `intervalMs`: it copies what no reader still needs, never waits for the writer and never holds
 * it up, and its file writes and syncs happen on another core. The server's own connection keeps
 * an automatic checkpoint, at `fallbackPages`, only as a bound in case this worker stalls.
 *
 * The worker is a few lines of CommonJS evaluated in the thread (no separate build step), given
 * the resolved path of better-sqlite3 so it loads the same native module.
 */

export interface WalCheckpointer {
  stop(): Promise<void>;
}

export const CHECKPOINT_INTERVAL_MS = 250;
/** The server connection's own automatic checkpoint (pages of 4 KiB): only if the worker stalls. */
export const FALLBACK_CHECKPOINT_PAGES = 16_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.sqlitePath);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 0');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy (another process checkpoints) or the file going away at shutdown: next time.
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export function startWalCheckpointer(
  file: string,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): WalCheckpointer {
  const sqlitePath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, sqlitePath, intervalMs },
  });
  // Never what keeps the process alive.
  worker.unref();
  let failed = false;
  worker.on('error', () => {
    // The server's own automatic checkpoint (FALLBACK_CHECKPOINT_PAGES) still bounds the WAL.
    failed = true;
  });
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      if (failed) return Promise.resolve();
      stopping ??= new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        // Held while it stops: awaited unref'd, nothing else kept the process alive meanwhile
        // (a WORKERS primary closing its database before it forks simply exited, code 0).
        worker.ref();
        worker.postMessage('stop');
      });
      return stopping;
    },
  };
}
