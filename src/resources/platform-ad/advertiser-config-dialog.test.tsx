import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Advertiser } from '../../contracts/platform-ad/advertiser';
import { ok, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import AdvertiserConfigDialog from './advertiser-config-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const A = '/api/blade-quanyi-platform-supplier/advert/advertiserConfig';
const advertiser: Advertiser = {
  id: 'v1',
  advertiserCode: 'ADV001',
  advertiserName: '鲜果超市',
  contactName: null,
  contactPhone: '138****0000',
  industry: 'retail',
  enabled: 1,
  version: 1,
  createTime: '2026-01-01 09:00:00',
};

describe('广告主配置 dialog', { timeout: 30_000 }, () => {
  it('shows the settings with secrets masked and saves them whole, once', async () => {
    let release!: (r: Response) => void;
    const pending = new Promise<Response>((resolve) => (release = resolve));
    const calls = scriptFetch((call) =>
      call.url.startsWith(`${A}/get`)
        ? [
            { settingKey: 'callback.url', settingValue: 'https://a.example', secret: 0 },
            { settingKey: 'api.secret', settingValue: '******', secret: 1 },
          ]
        : pending,
    );
    const onClose = vi.fn();
    renderSignedIn(<AdvertiserConfigDialog rows={[advertiser]} onClose={onClose} />);
    const values = await screen.findAllByRole('textbox', { name: '配置值' });
    expect(values.map((v) => (v as HTMLInputElement).value)).toEqual(['https://a.example']);
    expect(screen.getByDisplayValue('******').getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '添加配置项' }));
    const keys = screen.getAllByRole('textbox', { name: '配置项' });
    fireEvent.change(keys[2]!, { target: { value: 'region' } });
    fireEvent.change(screen.getAllByRole('textbox', { name: '配置值' })[1]!, {
      target: { value: '华东' },
    });
    const submit = screen.getByRole('button', { name: '确定' });
    fireEvent.click(submit);
    fireEvent.click(submit);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    const save = calls.find((c) => c.method === 'POST')!;
    expect(save.url).toContain(`${A}/save`);
    expect(save.body).toEqual({
      advertiserCode: 'ADV001',
      settings: [
        { settingKey: 'callback.url', settingValue: 'https://a.example', secret: 0 },
        { settingKey: 'api.secret', settingValue: '******', secret: 1 },
        { settingKey: 'region', settingValue: '华东', secret: 0 },
      ],
    });
    release(reply(ok()));
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });
});
