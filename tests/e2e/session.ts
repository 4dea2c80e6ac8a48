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
