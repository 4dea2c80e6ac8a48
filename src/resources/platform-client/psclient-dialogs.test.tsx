import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppAuth, PsclientApp } from '../../contracts/platform-client/psclient-app';
import type { Psclient } from '../../contracts/platform-client/psclient';
import { DEMO_PASSWORD, DEMO_TENANT } from '../../../server/test/support';
import { serveInProcess, type InProcessServer } from '../../test/in-process-server';
import { renderSignedIn } from '../../test/signed-in';
import AppAuthDialog from './app-auth-dialog';
import AppIpDialog from './app-ip-dialog';
import PsclientFilesDialog from './psclient-files-dialog';
import PsclientFormDialog from './psclient-form-dialog';

/**
 * The archives' and apps' dialogs against the embedded server (issue 27 item 1): the party's
 * edit form gets the whole phone from `get`, the IP allowlist and the authorisation save what
 * the server checks.
 */
const C = '/api/blade-quanyi-platform-client';
let api: InProcessServer;
let session: { access_token: string; crypto_key: string };

const post = async <T,>(path: string, body: unknown) =>
  (
    (await api.server.post(`${C}/${path}`, session.access_token, body)).json() as {
      data: T;
    }
  ).data;
const get = async <T,>(path: string, query: Record<string, string>) =>
  ((await api.server.get(`${C}/${path}`, session.access_token, query)).json() as { data: T }).data;

beforeAll(async () => {
  api = await serveInProcess();
  const login = await api.server.tokenRequest('admin', DEMO_PASSWORD, DEMO_TENANT);
  session = login.json() as typeof session;
}, 120_000);
afterAll(async () => {
  vi.unstubAllGlobals();
  await api.close();
});
afterEach(cleanup);

async function party(code: string): Promise<Psclient> {
  const { id } = await post<{ id: string }>('psclient/submit', {
    clientCode: code,
    clientName: `接入方${code}`,
    contactPhone: '13912345678',
  });
  const page = await get<{ records: Psclient[] }>('psclient/list', { clientCode: code });
  return page.records.find((r) => r.id === id)!;
}

async function app(clientId: string, appName: string): Promise<PsclientApp> {
  const { id } = await post<{ id: string }>('psclient-app/submit', { clientId, appName });
  return get<PsclientApp>('psclient-app/get', { id });
}

describe('access party and app dialogs', { timeout: 60_000 }, () => {
  it('edits a party with its whole phone, read from get', async () => {
    const row = await party('E1');
    expect(row.contactPhone).toBe('139****5678');
    const onClose = vi.fn();
    renderSignedIn(<PsclientFormDialog rows={[row]} onClose={onClose} />, { session });
    const phone = await screen.findByRole('textbox', { name: /联系电话/ }, { timeout: 8000 });
    expect((phone as HTMLInputElement).value).toBe('13912345678');
    const name = screen.getByRole('textbox', { name: /接入方名称/ });
    fireEvent.change(name, { target: { value: '改过的名字' } });
    fireEvent.submit(name.closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const saved = await get<Psclient>('psclient/get', { id: row.id });
    expect(saved.clientName).toBe('改过的名字');
  });

  it('keeps a phone this session cannot decrypt: shown masked, saved unchanged', async () => {
    const row = await party('E2');
    const onClose = vi.fn();
    renderSignedIn(<PsclientFormDialog rows={[row]} onClose={onClose} />, {
      session: { access_token: session.access_token, crypto_key: '' },
    });
    const phone = await screen.findByRole('textbox', { name: /联系电话/ }, { timeout: 8000 });
    expect((phone as HTMLInputElement).value).toBe('139****5678');
    expect(await screen.findByText(/联系电话无法在本次登录中解密/)).toBeTruthy();
    fireEvent.submit(phone.closest('form')!);
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    // Still the stored phone (the list masks it the same).
    const page = await get<{ records: Psclient[] }>('psclient/list', { clientCode: 'E2' });
    expect(page.records[0]!.contactPhone).toBe('139****5678');
  });

  it('edits the IP allowlist: the refusal at the field, then saved', async () => {
    const target = await app((await party('IP1')).id, 'IP应用');
    const onClose = vi.fn();
    renderSignedIn(<AppIpDialog rows={[target]} onClose={onClose} />, { session });
    const box = await screen.findByRole('textbox', { name: /IP白名单/ }, { timeout: 8000 });
    fireEvent.change(box, { target: { value: '1.2.3.4\nnot-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('IP白名单每行须为一个IPv4/IPv6地址或CIDR网段')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '1.2.3.4\n10.0.0.0/8' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(await get<string[]>('psclient-app/listIpAddress', { appId: target.id })).toEqual([
      '1.2.3.4',
      '10.0.0.0/8',
    ]);
  });

  it('authorises products through the transfer list, replacing the set', async () => {
    const { db } = api.server.database;
    const now = '2026-11-01 00:00:00';
    for (const code of ['AX1', 'AX2'])
      await db
        .insertInto('bladePsclientProduct')
        .values({
          id: `p-${code}`,
          tenantId: DEMO_TENANT,
          productCode: code,
          productName: `产品${code}`,
          marketAmount: 1000,
          salePrice: 990,
          setRule: 'priority',
          onShelf: 1,
          pictures: null,
          videos: null,
          description: null,
          enabled: 1,
          remark: null,
          createUser: null,
          createDept: null,
          createTime: now,
          updateUser: null,
          updateTime: null,
          status: 1,
          isDeleted: 0,
          version: 1,
        })
        .execute();
    const target = await app((await party('AU')).id, '授权应用');
    await post('psclient-app/authConfig', { appId: target.id, productIds: ['p-AX1'] });
    const onClose = vi.fn();
    renderSignedIn(<AppAuthDialog rows={[target]} onClose={onClose} />, { session });
    const [left, right] = await screen.findAllByRole('listbox', {}, { timeout: 8000 });
    await within(right!).findByText('产品AX1');
    expect(within(right!).getByText('AX1 · 售价 9.90')).toBeTruthy();
    // AX2 in, AX1 out.
    fireEvent.doubleClick(within(left!).getByText('产品AX2'));
    fireEvent.doubleClick(within(right!).getByText('产品AX1'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const auth = await get<AppAuth>('psclient-app/listAuth', { appId: target.id });
    expect(auth.authorised.map((p) => p.id)).toEqual(['p-AX2']);
  });

  it("lists a party's files by kind, removes one and saves the rest", async () => {
    const row = await party('F1');
    const { db } = api.server.database;
    const now = '2026-11-01 00:00:00';
    for (const [id, name] of [
      ['att-1', '营业执照.pdf'],
      ['att-2', '授权书.png'],
    ] as const)
      await db
        .insertInto('bladeAttach')
        .values({
          id,
          tenantId: DEMO_TENANT,
          kind: 'file',
          link: `/api/blade-resource/attach/download?id=${id}`,
          domain: '',
          name: `k/${id}`,
          originalName: name,
          extension: name.split('.')[1]!,
          contentType: 'application/octet-stream',
          attachSize: 100,
          createUser: null,
          createDept: null,
          createTime: now,
          updateUser: null,
          updateTime: now,
          status: 1,
          isDeleted: 0,
          version: 1,
        })
        .execute();
    await post('psclient-file/submit', {
      clientId: row.id,
      kind: 1,
      attachIds: ['att-1', 'att-2'],
    });
    const onClose = vi.fn();
    renderSignedIn(<PsclientFilesDialog rows={[row]} onClose={onClose} />, { session });
    expect(await screen.findByText('营业执照.pdf', {}, { timeout: 8000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '移除 授权书.png' }));
    expect(screen.queryByText('授权书.png')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(async () =>
      expect(
        (await get<{ attachId: string }[]>('psclient-file/listFile', { clientId: row.id })).map(
          (f) => f.attachId,
        ),
      ).toEqual(['att-1']),
    );
    fireEvent.click(screen.getByRole('tab', { name: '协议文件' }));
    expect(await screen.findByText('暂无文件')).toBeTruthy();
  });
});
