import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ParkLot } from '../../contracts/platform-parking/park-lot';
import type { ParkPaySetting } from '../../contracts/platform-parking/park-pay-setting';
import { fail, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { ResourceForm, type FormDef } from '../engine/resource-form';
import parkCar from './park-car';
import { ParkLotLoadDialog, ParkPaySettingDialog } from './park-lot-dialogs';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PARK = '/api/blade-quanyi-platform-parking/parking';

const lot: ParkLot = {
  id: 'L1',
  lotCode: 'P0001',
  lotName: '万达广场停车场',
  provinceCode: '11',
  cityCode: '1101',
  districtCode: '110105',
  regionName: '北京市 / 市辖区 / 朝阳区',
  address: null,
  spaces: 100,
  operator: 'sandbox',
  supId: null,
  supName: '',
  enabled: 1,
  version: 1,
  createTime: '2026-01-01 00:00:00',
};

const setting: ParkPaySetting = {
  lotId: 'L1',
  freeMinutes: 15,
  pricePerHour: 5,
  dailyCap: 50,
  monthPrice: 300,
  channels: ['wechat'],
  merchantNo: '1600100000',
  version: 3,
};

describe('the car form', () => {
  const CAR_FORM: FormDef = { title: parkCar.title, form: parkCar.form };

  async function typePlate(plate: string) {
    const onSubmit = vi.fn(() => Promise.resolve());
    scriptFetch(() => ({ records: [], total: 0 }));
    renderSignedIn(
      <ResourceForm
        def={CAR_FORM}
        record={undefined}
        opened
        onClose={() => {}}
        onSubmit={onSubmit}
      />,
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /车牌号/ }), {
      target: { value: plate },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    return { dialog, onSubmit };
  }

  it.each(['粤b12345', '粤B1234O', '港A12345', '粤B1234', '粤B123456', '粤B1234警'])(
    'refuses %s before sending, with the message the server would answer',
    async (plate) => {
      const { dialog, onSubmit } = await typePlate(plate);
      expect(
        await within(dialog).findByText('车牌号格式不正确（如 粤B12345，新能源 粤BD12345）'),
      ).toBeTruthy();
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it.each(['粤B12345', '粤BD12345', '鲁B1234挂'])('takes %s', async (plate) => {
    const { dialog } = await typePlate(plate);
    // Other fields are still missing (the form is refused), but not for the plate.
    expect(await within(dialog).findByText('请选择车牌类型')).toBeTruthy();
    expect(within(dialog).queryByText(/车牌号格式不正确/)).toBeNull();
  });
});

describe('the pay-setting dialog', () => {
  const get = `${PARK}/lot/pay/getParkPaySetting?lotId=L1`;
  const save = `${PARK}/lot/saveParkPaySetting`;

  function open(answer: (url: string, body: unknown) => unknown = () => null) {
    const calls = scriptFetch((call) => (call.url === get ? setting : answer(call.url, call.body)));
    const onClose = vi.fn();
    renderSignedIn(<ParkPaySettingDialog rows={[lot]} onClose={onClose} />);
    return { calls, onClose };
  }
  const field = (name: RegExp) => screen.getByRole('textbox', { name });

  it('loads the setting, refuses a cap below the hourly price locally, then saves in yuan with the version read', async () => {
    const { calls, onClose } = open(() => ({ ...setting, version: 4 }));
    expect(await screen.findByDisplayValue('1600100000')).toBeTruthy();
    fireEvent.change(field(/每小时价格/), { target: { value: '12.5' } });
    fireEvent.change(field(/每日封顶/), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('每日封顶不能低于每小时价格')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(field(/每日封顶/), { target: { value: '60' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '支付宝' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: save,
        body: {
          ...setting,
          pricePerHour: 12.5,
          dailyCap: 60,
          channels: ['wechat', 'alipay'],
          version: 3,
        },
      },
    ]);
  });

  it("shows the server's refusal at its field and stays open", async () => {
    const { onClose } = open(() => reply(fail(400, 'merchantNo:商户号须为6到32位字母或数字')));
    expect(await screen.findByDisplayValue('1600100000')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('商户号须为6到32位字母或数字')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('refuses no channel before sending', async () => {
    const { calls } = open();
    expect(await screen.findByDisplayValue('1600100000')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: '微信支付' }));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText(/请至少选择一个支付渠道/)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });
});

describe('the load-data dialog', () => {
  it('sends loadingParkData once with an Idempotency-Key, however often it is clicked', async () => {
    let release: (value: Response) => void = () => {};
    const headers: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        headers.push(new Headers(init?.headers).get('Idempotency-Key'));
        return new Promise<Response>((resolve) => (release = resolve));
      }),
    );
    const onClose = vi.fn();
    renderSignedIn(<ParkLotLoadDialog rows={[]} onClose={onClose} />);
    const start = await screen.findByRole('button', { name: '开始同步' });
    fireEvent.click(start);
    fireEvent.click(start);
    await waitFor(() => expect(headers).toHaveLength(1));
    expect(headers[0]).toMatch(/^[0-9a-f]{32}$/);
    const answer = { lots: 3, lotsAdded: 1, billsAdded: 42, flowsAdded: 7, failed: [] };
    release(reply({ status: 200, body: { code: 200, success: true, data: answer, msg: '' } }));
    expect(
      await screen.findByText('车场 3 个（新增 1 个），新增账单 42 条、无感支付流水 7 条。'),
    ).toBeTruthy();
    expect(headers).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: '关闭' }));
    expect(onClose).toHaveBeenCalledWith(true);
  });
});
