import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import ossSettings from './oss';
import smsSettings from './sms';
import { renderSignedIn, scriptFetch, type Call } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';

/** The SMS and object-storage declarations on the resource engine, against scripted answers. */

beforeAll(() => giveTableAViewport());

let calls: Call[] = [];
let answer: (call: Call) => unknown;

beforeEach(() => {
  calls = scriptFetch((call) =>
    call.url.startsWith('/api/blade-system/table-set') ? null : answer(call),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = (records: object[]) => ({
  records,
  total: records.length,
  size: 10,
  current: 1,
  pages: 1,
});

const SMS = [
  {
    id: '101',
    category: 3,
    smsCode: 'ali',
    templateId: 'SMS_001',
    accessKey: 'LTAI-access',
    secretKey: '******',
    signName: '权益平台',
    status: 2,
  },
  {
    id: '102',
    category: 4,
    smsCode: 'tencent',
    templateId: 'T_9',
    accessKey: 'AKID',
    secretKey: '******',
    signName: '',
    status: 1,
  },
];

function setup(def: unknown, route: string, held: string[]) {
  window.history.replaceState(null, '', route);
  renderSignedIn(<ResourceScreen def={def as ResourceScreenProps['def']} route={route} />, {
    permissions: held,
  });
}

/** The screen's own writes (not the table layout it saves). */
const posts = () =>
  calls.filter((c) => c.method === 'POST' && !c.url.startsWith('/api/blade-system/table-set'));

describe('SMS and object-storage settings screens', { timeout: 30_000 }, () => {
  it('offers 停用 on the enabled setting and 启用 on the others; enabling asks, then posts the id', async () => {
    answer = (call) => (call.url.startsWith('/api/blade-resource/sms/list') ? page(SMS) : null);
    setup(smsSettings, '/system/sms', ['sms', 'sms_enable']);
    await screen.findByText('tencent', {}, { timeout: 8000 });
    expect(screen.getAllByText('阿里云').length).toBeGreaterThan(0);
    expect(screen.queryByText('******')).toBeNull();

    expect(screen.getByRole('button', { name: '停用 ali' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '启用 ali' })).toBeNull();
    expect(screen.queryByRole('button', { name: '停用 tencent' })).toBeNull();
    // Sending needs sms_edit, which this user does not hold.
    expect(screen.queryByRole('button', { name: '发送短信' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '启用 tencent' }));
    const ask = await screen.findByRole('dialog', { name: /确认|提示/ });
    expect(
      within(ask).getByText(
        '确定启用该短信配置？同一租户只能启用一个短信配置，其他短信配置将被停用。',
      ),
    ).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: /确定/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.url).toBe('/api/blade-resource/sms/enable?id=102');
    expect(await screen.findByText('启用成功')).toBeTruthy();
  });

  it('opens the send dialog from the toolbar for a user who may edit', async () => {
    answer = (call) => (call.url.startsWith('/api/blade-resource/sms/list') ? page(SMS) : null);
    setup(smsSettings, '/system/sms', ['sms', 'sms_edit']);
    await screen.findByText('tencent', {}, { timeout: 8000 });
    fireEvent.click(screen.getByRole('button', { name: '发送短信' }));
    // The dialog loads with its first use (a fallback with the same title shows meanwhile).
    expect(
      await screen.findByText('使用本租户已启用的短信配置发送', {}, { timeout: 8000 }),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: '发送短信' })).toBeTruthy();
  });

  it('disables the enabled storage setting through oss/disable', async () => {
    answer = (call) =>
      call.url.startsWith('/api/blade-resource/oss/list')
        ? page([
            {
              id: '201',
              category: 1,
              ossCode: 'minio',
              endpoint: 'http://127.0.0.1:9000',
              bucketName: 'quanyi',
              accessKey: 'minio',
              secretKey: '******',
              status: 2,
            },
          ])
        : null;
    setup(ossSettings, '/system/oss', ['oss', 'oss_enable']);
    fireEvent.click(await screen.findByRole('button', { name: '停用 minio' }, { timeout: 8000 }));
    const ask = await screen.findByRole('dialog', { name: /确认|提示/ });
    expect(within(ask).getByText('确定停用该存储配置？')).toBeTruthy();
    fireEvent.click(within(ask).getByRole('button', { name: /确定/ }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.url).toBe('/api/blade-resource/oss/disable?id=201');
  });
});
