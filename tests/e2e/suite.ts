import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { startServer, type RunningServer } from './server-process';

export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
  /** A fresh browser context on the suite's server. */
  newPage(): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * One server and one Chromium for the tests of a describe block: started together before the
 * first test, stopped after the last. Call it inside `describe`; `env` adds to the server's
 * environment (e.g. WORKERS).
 */
export function serverAndBrowser(env: Record<string, string> = {}): Suite {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (!value) throw new Error('the suite has not started (call serverAndBrowser in describe)');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    newPage: () => newPage(started(browser), started(server).url),
  };
}
