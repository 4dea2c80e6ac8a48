import { beforeAll, describe, expect, it } from 'vitest';
import { signedHeaders } from '../../server/services/platform-client/test-fixtures';
import { AD_EVENT_CALLS } from '../../src/contracts/platform-ad/ad-event';
import { ADVERT } from '../../src/contracts/platform-ad/advert';
import { CLIENT_SERVICE } from '../../src/contracts/business-services';
import { ApiClient } from './api-client';
import { signedIn } from './session';
import { serverAndBrowser } from './suite';

interface Listed {
  id: string;
  positionIds: string | null;
}

const pad = (n: number) => String(n).padStart(2, '0');
const stamp = (d: Date) =>
  `${String(d.getFullYear())}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

/**
 * Issue 28 "Done when": the real-time report changes after delivery events are posted from the
 * test (signed like the open API by an app made for it), refreshed from the keyboard.
 */
describe('the real-time ad report', () => {
  const suite = serverAndBrowser();
  let api: ApiClient;
  beforeAll(async () => {
    api = new ApiClient(suite.server.url);
    await api.login('admin', 'admin', '000000', 'Quanyi@26');
  });

  it('shows the impressions of events posted a moment ago', async () => {
    // The feed's app, and a running plan's position with the flow master that owns it.
    const clients = await api.get<{ records: { id: string }[] }>(
      `${CLIENT_SERVICE}/psclient/list`,
      { size: '1' },
    );
    const issued = await api.post<{ appKey: string; appSecret: string }>(
      `${CLIENT_SERVICE}/psclient-app/submit`,
      { clientId: clients.records[0]!.id, appName: 'e2e 投放回传' },
    );
    const plans = await api.get<{ records: Listed[] }>(`${ADVERT}/plan/list`, {
      state: 'running',
      size: '50',
    });
    const masters = await api.get<{ records: Listed[] }>(`${ADVERT}/flowMaster/list`, {
      size: '50',
    });
    const owner = new Map<string, string>();
    for (const m of masters.records)
      for (const p of (m.positionIds ?? '').split(',').filter(Boolean)) owner.set(p, m.id);
    const plan = plans.records.find((p) =>
      (p.positionIds ?? '').split(',').some((id) => owner.has(id)),
    )!;
    const positionId = (plan.positionIds ?? '').split(',').find((id) => owner.has(id))!;

    const { context, page } = await suite.newPage();
    await signedIn(page, 'admin', 'Quanyi@26');
    await page.goto('/ad/adDropReport/realTimeReport');
    await page.getByRole('heading', { name: '实时报表', level: 1 }).waitFor();
    const impressions = page.locator('[data-figure="impressions"]');
    await impressions.waitFor();
    const count = async () => Number(((await impressions.textContent()) ?? '').replace(/,/g, ''));
    const before = await count();

    const path = `/api/${AD_EVENT_CALLS.ingest}`;
    const now = new Date();
    const body = JSON.stringify({
      events: Array.from({ length: 40 }, (_, i) => ({
        eventId: `e2e-${String(now.getTime())}-${String(i)}`,
        type: 'impression',
        planId: plan.id,
        positionId,
        flowMasterId: owner.get(positionId)!,
        time: stamp(now),
      })),
    });
    const res = await fetch(`${suite.server.url}${path}`, {
      method: 'POST',
      headers: signedHeaders(
        { appKey: issued.appKey, secret: issued.appSecret },
        'POST',
        path,
        body,
      ),
      body,
    });
    expect(await res.json()).toMatchObject({ code: 'OK', data: { accepted: 40, duplicates: 0 } });

    // The roll-up job counts them within a second or so; 刷新 asks again without waiting 10 s.
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: '刷新' }).focus();
          await page.keyboard.press('Enter');
          await page.waitForTimeout(300);
          return (await count()) - before;
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(40);
    await context.close();
  });
});
