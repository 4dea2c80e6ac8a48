import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's Chromium driven by playwright-core (no browser download). Flags keep it off the
 * network: this machine has none, and background requests would only slow it down.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

export async function newPage(
  browser: Browser,
  baseURL: string,
  locale = 'zh-CN',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale,
    viewport: { width: 1400, height: 900 },
  });
  const page = await context.newPage();
  // Generous: in CI the browser shares 2 cores with the server and unit suites.
  page.setDefaultTimeout(15_000);
  return { context, page };
}
