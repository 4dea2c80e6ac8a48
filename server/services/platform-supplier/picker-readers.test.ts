import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPLIER_SERVICE } from '../../../src/contracts/business-services.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../test/support.js';
import { PICKER_SCREENS } from './picker-readers.js';

const API = `/api/${SUPPLIER_SERVICE}`;

describe('supplier and goods pickers of the order, code and quota screens', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** The finance role (finance screens only) given one more screen, and a fresh login. */
  async function financeWith(screen: string): Promise<string> {
    const db = t.app.ctx.db;
    const role = await db
      .selectFrom('bladeRole')
      .select('id')
      .where('tenantId', '=', '000000')
      .where('roleAlias', '=', 'finance')
      .executeTakeFirstOrThrow();
    const menu = await db
      .selectFrom('bladeMenu')
      .select('id')
      .where('code', '=', screen)
      .executeTakeFirstOrThrow();
    await db
      .deleteFrom('bladeRoleMenu')
      .where('roleId', '=', role.id)
      .where(
        'menuId',
        'in',
        db
          .selectFrom('bladeMenu')
          .select('id')
          .where('code', 'in', [...PICKER_SCREENS]),
      )
      .execute();
    await db
      .insertInto('bladeRoleMenu')
      .values({
        id: `97${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 19),
        menuId: menu.id,
        roleId: role.id,
      })
      .execute();
    return t.login('finance', DEMO_PASSWORD);
  }

  it('a role without any of them is refused the pickers', async () => {
    const finance = await t.login('finance', DEMO_PASSWORD);
    expect((await t.get(`${API}/sup/list-not-page`, finance)).statusCode).toBe(403);
    expect((await t.get(`${API}/sup-good/list`, finance)).statusCode).toBe(403);
  });

  it.each(['supplier_order', 'goods_quota', 'code_source'])(
    'holding only %s admits the supplier and goods pickers',
    async (screen) => {
      const token = await financeWith(screen);
      const suppliers = await t.get(`${API}/sup/list-not-page`, token);
      expect(suppliers.statusCode).toBe(200);
      const supId = (suppliers.json().data as { id: string }[])[0]!.id;
      expect((await t.get(`${API}/sup-good/list`, token)).statusCode).toBe(200);
      expect((await t.get(`${API}/sup-good/list-by-sup`, token, { supId })).statusCode).toBe(200);
      // Reading is all it admits.
      expect((await t.post(`${API}/sup/submit`, token, { supName: 'x' })).statusCode).toBe(403);
    },
  );
});
