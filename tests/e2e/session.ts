import type { Page } from 'playwright-core';

/** Fills the login form the way an operator does, by labels, and waits for the console. */
export async function logIn(
  page: Page,
  account: string,
  password: string,
  tenant = '000000',
): Promise<void> {
  await page.goto('/login');
  // The form first: checking the tenant box before it renders would skip the tenant.
  await page.getByRole('textbox', { name: /用户名|Username/ }).waitFor();
  const tenantBox = page.getByRole('textbox', { name: /租户ID|Tenant ID/ });
  if (await tenantBox.isVisible()) await tenantBox.fill(tenant);
  await page.getByRole('textbox', { name: /用户名|Username/ }).fill(account);
  await page.getByLabel(/^(密码|Password)/).fill(password);
  await page.getByRole('button', { name: /^(登录|Login)$/ }).click();
}

export async function signedIn(
  page: Page,
  account: string,
  password: string,
  tenant = '000000',
): Promise<void> {
  await logIn(page, account, password, tenant);
  await page.waitForURL('**/wel/index');
  await page.getByRole('navigation', { name: /侧边菜单|Side menu/ }).waitFor();
}

/**
 * Opens every closed group of the side menu, nested ones too (a group's links are rendered
 * from the first time it opens), so that a test can read the whole menu a user can reach.
 */
export async function openAllSideMenuGroups(page: Page): Promise<void> {
  const nav = page.getByRole('navigation', { name: /侧边菜单|Side menu/ });
  await nav.locator('[data-menu-item]').first().waitFor();
  const closed = nav.locator('button[data-group-id][aria-expanded="false"]');
  for (let guard = 0; guard < 200 && (await closed.count()) > 0; guard++) {
    await closed.first().click();
  }
}
