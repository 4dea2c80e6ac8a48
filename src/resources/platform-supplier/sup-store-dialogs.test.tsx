import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SupStore } from '../../contracts/platform-supplier/sup-store';
import { ok, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { ApplicableGoodsDialog, BatchEditDialog } from './sup-store-dialogs';
import SupStoreFormDialog from './sup-store-form-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const API = '/api/blade-quanyi-platform-supplier/sup-store';

const store = (over: Partial<SupStore> = {}): SupStore => ({
  id: '11',
  supId: '7',
  supName: '供应商甲',
  storeCode: 'BJ-001',
  storeName: '朝阳门店',
  provinceCode: '11',
  cityCode: '1101',
  districtCode: '110105',
  regionName: '北京市 / 市辖区 / 朝阳区',
  address: '建国路1号',
  phone: '',
  goodIds: '',
  repeatFlag: 0,
  status: 1,
  remark: '',
  version: 3,
  createTime: '2026-01-01 00:00:00',
  ...over,
});

describe('store dialogs', () => {
  it('batch edit sends only the fields typed, for every selected store', async () => {
    const calls = scriptFetch(() => reply(ok({ updated: 2 })));
    const onClose = vi.fn();
    renderSignedIn(<BatchEditDialog rows={[store(), store({ id: '12' })]} onClose={onClose} />);
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('请至少填写一项')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: '详细地址' }), {
      target: { value: '新地址' },
    });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls).toEqual([
      {
        method: 'POST',
        url: `${API}/batch-update`,
        body: { ids: ['11', '12'], address: '新地址' },
      },
    ]);
  });

  it('applicable goods: unticking "all" saves the checked goods with the store', async () => {
    const calls = scriptFetch((call) =>
      call.url.includes('applicable-form')
        ? reply(
            ok({
              allGoods: true,
              goods: [
                { id: 'g1', goodCode: 'G1', goodName: '咖啡券', applicable: true },
                { id: 'g2', goodCode: 'G2', goodName: '蛋糕券', applicable: true },
              ],
            }),
          )
        : reply(ok({ id: '11' })),
    );
    const onClose = vi.fn();
    renderSignedIn(<ApplicableGoodsDialog rows={[store()]} onClose={onClose} />);
    const all = await screen.findByRole('switch', { name: '适用该供应商的全部商品' });
    fireEvent.click(all);
    fireEvent.click(await screen.findByRole('checkbox', { name: '蛋糕券（G2）' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const submit = calls.find((c) => c.url === `${API}/submit`);
    expect(submit?.body).toMatchObject({
      id: '11',
      version: 3,
      storeCode: 'BJ-001',
      districtCode: '110105',
      goodIds: 'g2',
    });
  });
});

describe('store form dialog', () => {
  it('edits a store placed in a city only without losing its region or its goods', async () => {
    const calls = scriptFetch((call) => {
      if (call.url.includes('/sup/list-not-page'))
        return reply(ok([{ id: '7', supName: '供应商甲' }]));
      if (call.url.includes('/region/tree'))
        return reply(
          ok([
            {
              id: '44',
              title: '广东省',
              value: '44',
              children: [{ id: '4401', title: '广州市', value: '4401' }],
            },
          ]),
        );
      return reply(ok({ id: '11' }));
    });
    const onClose = vi.fn();
    renderSignedIn(
      <SupStoreFormDialog
        rows={[store({ provinceCode: '44', cityCode: '4401', districtCode: '', goodIds: 'g1' })]}
        onClose={onClose}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: /保存|确定|提交/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const submit = calls.find((c) => c.url === `${API}/submit`);
    expect(submit?.body).toMatchObject({
      id: '11',
      version: 3,
      supId: '7',
      storeCode: 'BJ-001',
      districtCode: '4401',
      goodIds: 'g1',
    });
    expect(submit?.body).not.toHaveProperty('provinceCode');
  });
});
