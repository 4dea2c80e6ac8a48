import { cleanup, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Supplier } from '../../contracts/platform-supplier/sup';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../../server/test/support';
import { serveInProcess, type InProcessServer } from '../../test/in-process-server';
import { renderSignedIn } from '../../test/signed-in';
import sup from './sup';
import { SupContactPhone } from './sup-detail';

/** The supplier detail (issue 25 item 18): the driver and the contact phone are in it. */
let api: InProcessServer;
let session: { access_token: string; crypto_key: string };
let row: Supplier;

beforeAll(async () => {
  api = await serveInProcess();
  const login = await api.server.tokenRequest('admin', DEMO_PASSWORD, DEMO_TENANT);
  session = login.json() as typeof session;
  const created = await api.server.post(
    '/api/blade-quanyi-platform-supplier/sup/submit',
    session.access_token,
    {
      supCode: 'PHONE-1',
      supName: '有电话的',
      settlementType: 1,
      supplyType: 1,
      contactPhone: '13912345678',
    },
  );
  const { id } = (created.json() as { data: { id: string } }).data;
  row = (
    (
      await api.server.get('/api/blade-quanyi-platform-supplier/sup/detail', session.access_token, {
        id,
      })
    ).json() as { data: Supplier }
  ).data;
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await api.close();
});
afterEach(cleanup);

describe('supplier detail', { timeout: 30_000 }, () => {
  it('shows the driver (a column, hidden in the list) and the contact phone below', () => {
    const driver = sup.columns.find((c) => c.field === 'driver');
    expect(driver).toMatchObject({ hiddenByDefault: true, label: { zh: '接口驱动' } });
    expect(sup.detailSection).toBe(SupContactPhone);
  });

  it('shows the phone masked, and whole to a user who may edit the supplier', async () => {
    expect(row.contactPhone.startsWith('enc1:')).toBe(true);
    renderSignedIn(<SupContactPhone row={row} />, { session, permissions: ['supplier'] });
    expect(await screen.findByText('139****5678')).toBeTruthy();
    expect(screen.getByText('联系电话')).toBeTruthy();
    cleanup();
    renderSignedIn(<SupContactPhone row={row} />, {
      session,
      permissions: ['supplier', 'supplier_edit'],
    });
    expect(await screen.findByText('13912345678')).toBeTruthy();
  });
});
