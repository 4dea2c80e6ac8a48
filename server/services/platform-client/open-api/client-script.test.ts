import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/support.js';
import {
  insertBalance,
  insertCodes,
  insertGood,
  insertSupplier,
} from '../../platform-supplier/test-fixtures.js';
import { insertApp, insertClient, insertProduct, type TestClientApp } from '../test-fixtures.js';

const run = promisify(execFile);
const SCRIPT = path.resolve(__dirname, '../../../../scripts/open-api-client.mjs');

/** README's signed client (scripts/open-api-client.mjs) against a listening server. */
describe('scripts/open-api-client.mjs', () => {
  let t: TestApp;
  let app: TestClientApp;
  let url: string;
  const T = '000000';

  beforeAll(async () => {
    t = await createTestApp({ demo: false });
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, 'CLI');
    const goodId = await insertGood(db, T, supId, 'CLI-G');
    await insertCodes(t.app.ctx, T, supId, goodId, 3);
    await insertBalance(db, T, supId, 1_000_000);
    app = await insertApp(t.app.ctx, T, await insertClient(db, T, 'CLI'), { prepay: 10_000 });
    await insertProduct(db, T, 'P-CLI', { salePrice: 1000, goodIds: [goodId], appIds: [app.id] });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(() => t.close());

  const client = (...args: string[]) =>
    run(process.execPath, [SCRIPT, ...args], {
      env: {
        ...process.env,
        OPEN_API_URL: url,
        OPEN_APP_KEY: app.appKey,
        OPEN_APP_SECRET: app.secret,
      },
    });

  it('places, reads and returns an order with signed calls', async () => {
    const placed = JSON.parse((await client('order', 'P-CLI', '1', 'CLI-1')).stdout);
    expect(placed.data).toMatchObject({ outOrderNo: 'CLI-1', state: 'success' });
    expect(placed.data.codes).toHaveLength(1);
    const got = JSON.parse((await client('get', 'CLI-1')).stdout);
    expect(got.data.codes).toEqual(placed.data.codes);
    const returned = JSON.parse((await client('return', 'CLI-1')).stdout);
    expect(returned.data.state).toBe('returned');
    const balance = JSON.parse((await client('balance')).stdout);
    expect(balance.data.balance).toBe(100);
  });

  it('exits 1 with the refusal when the API refuses', async () => {
    const refused = await client('order', 'P-NONE').catch(
      (err: { code: number; stdout: string }) => err,
    );
    expect((refused as { code: number }).code).toBe(1);
    expect(JSON.parse((refused as { stdout: string }).stdout).code).toBe('PRODUCT_UNAVAILABLE');
  });
});
