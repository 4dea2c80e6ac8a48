import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOutboundAllowlist } from '../../../lib/outbound.js';
import { createTestApp, data, type TestApp } from '../../../test/support.js';
import {
  insertBalance,
  insertCodes,
  insertGood,
  insertSupplier,
} from '../../platform-supplier/test-fixtures.js';
import { signWith } from '../open-api/signing.js';
import {
  insertApp,
  insertClient,
  insertProduct,
  openCall,
  type TestClientApp,
} from '../test-fixtures.js';
import { callbackWorker, CallbackWorker, resendCallback } from './worker.js';

/**
 * Issue 27 "Done when": a callback receiver that fails three times then acknowledges gets
 * exactly one accepted event; every attempt is recorded and signed with the app's secret.
 */
describe('order callbacks', () => {
  let t: TestApp;
  let server: Server;
  let url: string;
  const T = '000000';
  const seen: { eventId: string; signatureOk: boolean; body: { eventType: string } }[] = [];
  const accepted = new Set<string>();
  let failuresLeft = 3;
  let app: TestClientApp;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk) => (raw += chunk));
      req.on('end', () => {
        const eventId = String(req.headers['x-event-id']);
        const expected = signWith(app.secret, `${req.headers['x-timestamp']}\n${raw}`);
        seen.push({
          eventId,
          signatureOk: expected === req.headers['x-signature'],
          body: JSON.parse(raw),
        });
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          res.writeHead(503).end();
          return;
        }
        accepted.add(eventId); // the receiver deduplicates by event id
        res.writeHead(200).end('{"code":"OK"}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`;
    t = await createTestApp({
      demo: false,
      config: { outboundAllowlist: parseOutboundAllowlist('127.0.0.1') },
    });
    // The server's own worker is stopped: the test drives one with a short back-off.
    await callbackWorker(t.app.ctx).stop();
    const { db } = t.app.ctx;
    const supId = await insertSupplier(db, T, 'CB1');
    const goodId = await insertGood(db, T, supId, 'CB1-G');
    await insertCodes(t.app.ctx, T, supId, goodId, 5);
    await insertBalance(db, T, supId, 1_000_000);
    const clientId = await insertClient(db, T, 'CB1');
    app = await insertApp(t.app.ctx, T, clientId, { prepay: 100_000, callbackUrl: url });
    await insertProduct(db, T, 'P-CB1', { goodIds: [goodId], appIds: [app.id] });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    server.close();
  });

  it('retries a failing receiver and stops at its acknowledgement: one accepted event', async () => {
    const placed = await openCall(t, app, 'POST', '/orders', {
      outOrderNo: 'CB-1',
      productCode: 'P-CB1',
      quantity: 1,
    });
    expect(placed.json().data.state).toBe('success');
    const worker = new CallbackWorker(t.app.ctx, { backoff: () => 10 });
    for (let i = 0; i < 50 && accepted.size === 0; i++) {
      await worker.drain();
      await new Promise((r) => setTimeout(r, 15));
    }
    await new Promise((r) => setTimeout(r, 50));
    await worker.drain();
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((s) => s.eventId)).size).toBe(1);
    expect(seen.every((s) => s.signatureOk)).toBe(true);
    expect(seen[0]!.body.eventType).toBe('order.success');
    expect(JSON.stringify(seen[0]!.body)).not.toContain('"codes"');
    expect(accepted.size).toBe(1);

    const outbox = await t.app.ctx.db
      .selectFrom('bladeCallbackOutbox')
      .select(['id', 'state', 'attempts', 'lastStatus'])
      .where('outOrderNo', '=', 'CB-1')
      .executeTakeFirstOrThrow();
    expect(outbox).toMatchObject({ state: 'delivered', attempts: 4, lastStatus: 200 });
    const attempts = await t.app.ctx.db
      .selectFrom('bladeCallbackAttempt')
      .select(['attempt', 'httpStatus'])
      .where('outboxId', '=', outbox.id)
      .orderBy('attempt')
      .execute();
    expect(attempts.map((a) => a.httpStatus)).toEqual([503, 503, 503, 200]);
  });

  it('resend delivers the same event again (the receiver sees its id again)', async () => {
    const order = await t.app.ctx.db
      .selectFrom('bladeClientProductOrder')
      .select('id')
      .where('outOrderNo', '=', 'CB-1')
      .executeTakeFirstOrThrow();
    expect(await resendCallback(t.app.ctx, T, order.id)).toBe(true);
    await new CallbackWorker(t.app.ctx).drain();
    expect(seen).toHaveLength(5);
    expect(seen[4]!.eventId).toBe(seen[0]!.eventId);
    expect(accepted.size).toBe(1);
  });

  it("lists an app's deliveries with each attempt and resends one from the console", async () => {
    const admin = await t.adminToken();
    const API = '/api/blade-quanyi-platform-client/psclient-app';
    const res = await t.get(`${API}/listCallback`, admin, { appId: app.id });
    expect(res.statusCode).toBe(200);
    const [latest] = data<{ id: string; state: string; tries: { httpStatus: number }[] }[]>(res);
    expect(latest!.state).toBe('delivered');
    expect(latest!.tries.map((a) => a.httpStatus)).toEqual([503, 503, 503, 200, 200]);
    expect((await t.post(`${API}/resendCallback`, admin, { id: latest!.id })).statusCode).toBe(200);
    const again = data<{ state: string }[]>(
      await t.get(`${API}/listCallback`, admin, { appId: app.id }),
    );
    expect(again[0]!.state).toBe('pending');
    expect((await t.post(`${API}/resendCallback`, admin, { id: 'nope' })).statusCode).toBe(404);
    expect((await t.get(`${API}/listCallback`, undefined, { appId: app.id })).statusCode).toBe(401);
    await new CallbackWorker(t.app.ctx).drain();
  });

  it('refuses a callback address on a private network unless allowlisted', async () => {
    const other = await createTestApp({ demo: false, sameDatabaseAs: t });
    try {
      // Neither server's own worker may take the row first (t's would deliver it: it allows
      // loopback), so only the runOnce below handles it.
      await callbackWorker(t.app.ctx).stop();
      await callbackWorker(other.app.ctx).stop();
      const before = seen.length;
      const pending = await other.app.ctx.db
        .updateTable('bladeCallbackOutbox')
        .set({ state: 'pending', nextAttemptAt: 0 })
        .where('outOrderNo', '=', 'CB-1')
        .executeTakeFirst();
      expect(Number(pending.numUpdatedRows)).toBe(1);
      // `other` has no OUTBOUND_ALLOWLIST: 127.0.0.1 is refused before any connection.
      await new CallbackWorker(other.app.ctx).runOnce();
      expect(seen.length).toBe(before);
      const row = await other.app.ctx.db
        .selectFrom('bladeCallbackOutbox')
        .select(['state', 'lastError'])
        .where('outOrderNo', '=', 'CB-1')
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('pending');
      expect(row.lastError).toContain('不能指向本机');
    } finally {
      await other.close();
    }
  });
});
