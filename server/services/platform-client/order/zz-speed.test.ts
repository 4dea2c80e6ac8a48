import { it } from 'vitest';
import { createTestApp } from '../../../test/support.js';
import {
  insertBalance,
  insertCodes,
  insertGood,
  insertSupplier,
} from '../../platform-supplier/test-fixtures.js';
import { insertApp, insertClient, insertProduct } from '../test-fixtures.js';
import { placeOrder } from './place-order.js';
import { chooseGood } from '../product/good-choice.js';
import { fulfil } from '../../platform-supplier/order/fulfil.js';
import { nowText } from '../../../lib/time.js';

it('speed', async () => {
  const t = await createTestApp({ demo: false });
  const T = '000000';
  const { db } = t.app.ctx;
  const supId = await insertSupplier(db, T, 'SP');
  const goodId = await insertGood(db, T, supId, 'SP-G');
  await insertCodes(t.app.ctx, T, supId, goodId, 6000);
  await insertBalance(db, T, supId, 1_000_000_000);
  const clientId = await insertClient(db, T, 'SP');
  const app = await insertApp(t.app.ctx, T, clientId, { prepay: 1_000_000_000 });
  const productId = await insertProduct(db, T, 'P-SP', { goodIds: [goodId], appIds: [app.id] });
  let s = performance.now();
  for (let i = 0; i < 500; i++)
    await chooseGood(db, { tenantId: T, productId, quantity: 1, now: nowText() });
  console.log('chooseGood ms', (performance.now() - s) / 500);
  s = performance.now();
  for (let i = 0; i < 500; i++)
    await fulfil(t.app.ctx, { tenantId: T, goodId, quantity: 1, actualAmount: 100 });
  console.log('fulfil ms', (performance.now() - s) / 500);
  s = performance.now();
  for (let i = 0; i < 500; i++)
    await placeOrder(t.app.ctx, {
      tenantId: T,
      app,
      productCode: 'P-SP',
      quantity: 1,
      outOrderNo: `S${i}`,
      source: 'api',
    });
  console.log('placeOrder ms', (performance.now() - s) / 500);
  await t.close();
}, 120000);
