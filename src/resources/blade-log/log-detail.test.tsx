import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ResourceScreen, type ResourceScreenProps } from '../engine/resource-screen';
import { fail, ok, renderSignedIn, reply, scriptFetch } from '../../test/signed-in';
import { giveTableAViewport } from '../../test/table-viewport';
import apiLog from './log-api';
import { LogDetail } from './log-detail';
import { ErrorLogDetail } from './log-details';

beforeAll(() => giveTableAViewport());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROW = {
  id: '9',
  title: 'blade-system/post/submit',
  method: 'POST',
  requestUri: '/api/blade-system/post/submit',
  createBy: 'admin',
  remoteIp: '10.0.0.8',
  time: '12',
  createTime: '2026-03-01 10:00:00',
  serviceId: 'blade-system',
  serverHost: 'node-1',
  serverIp: '10.0.0.1',
  env: 'production',
  methodClass: '/api/blade-system/post/submit',
  methodName: 'submit',
  userAgent: '<b>agent</b>',
  params: '{"postName":"岗位","password":"******"}',
};

const FIELDS = [
  { field: 'requestUri', label: { zh: '请求地址', en: 'Request URL' } },
  { field: 'userAgent', label: { zh: '用户代理', en: 'User agent' } },
  { field: 'remark', label: { zh: '备注', en: 'Remark' } },
  { field: 'params', label: { zh: '请求参数', en: 'Parameters' }, block: true },
];

describe('LogDetail', () => {
  it("shows the detail's fields as text, parameters indented, empty ones said", async () => {
    const calls = scriptFetch(() => ROW);
    const onClose = vi.fn();
    renderSignedIn(
      <LogDetail service="blade-log/api" fields={FIELDS} rows={[{ id: '9' }]} onClose={onClose} />,
    );
    const drawer = await screen.findByRole('dialog', { name: '日志详情' });
    await within(drawer).findByText('/api/blade-system/post/submit');
    expect(calls.map((c) => c.url)).toEqual(['/api/blade-log/api/detail?id=9']);
    // Markup in a value is text, never elements.
    expect(within(drawer).getByText('<b>agent</b>')).toBeTruthy();
    expect(drawer.querySelector('b')).toBeNull();
    const params = within(drawer).getByText(/"postName": "岗位"/);
    expect(params.textContent).toBe('{\n  "postName": "岗位",\n  "password": "******"\n}');
    const remark = within(drawer).getByText('备注').closest('tr')!;
    expect(within(remark).getByText('无')).toBeTruthy();

    fireEvent.click(within(drawer).getAllByRole('button', { name: '关闭' }).at(-1)!);
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the detail cannot be loaded, and retries', async () => {
    let failNext = true;
    scriptFetch(() => {
      if (!failNext) return { ...ROW, reference: 'ref-1', exceptionName: 'TypeError' };
      failNext = false;
      return reply(fail(500, '服务器异常'));
    });
    renderSignedIn(<ErrorLogDetail rows={[ROW]} onClose={() => {}} />);
    const drawer = await screen.findByRole('dialog', { name: '日志详情' });
    expect(await within(drawer).findByText('日志详情加载失败')).toBeTruthy();
    fireEvent.click(within(drawer).getByRole('button', { name: '重试' }));
    expect(await within(drawer).findByText('ref-1')).toBeTruthy();
    expect(within(drawer).getByText('TypeError')).toBeTruthy();
  });

  it('says there is no data for a record that is gone (data null), and fails a malformed one', async () => {
    let data: unknown = null;
    scriptFetch(() => data);
    renderSignedIn(
      <LogDetail service="blade-log/api" fields={FIELDS} rows={[{ id: '9' }]} onClose={() => {}} />,
    );
    const drawer = await screen.findByRole('dialog', { name: '日志详情' });
    expect(await within(drawer).findByText('暂无数据')).toBeTruthy();
    cleanup();

    data = 'not a record';
    renderSignedIn(
      <LogDetail service="blade-log/api" fields={FIELDS} rows={[{ id: '8' }]} onClose={() => {}} />,
    );
    const again = await screen.findByRole('dialog', { name: '日志详情' });
    expect(await within(again).findByText('日志详情加载失败')).toBeTruthy();
  });
});

describe('API log screen', { timeout: 30_000 }, () => {
  const setup = (held: string[]) => {
    scriptFetch((call) => {
      if (call.url.startsWith('/api/blade-log/api/list'))
        return { records: [ROW], total: 1, size: 10, current: 1, pages: 1 };
      if (call.url.startsWith('/api/blade-log/api/detail')) return ROW;
      if (call.url.startsWith('/api/blade-system/table-set')) return reply(ok(null));
      return null;
    });
    window.history.replaceState(null, '', '/system/log-api');
    renderSignedIn(
      <ResourceScreen
        def={apiLog as unknown as ResourceScreenProps['def']}
        route="/system/log-api"
      />,
      { permissions: held },
    );
  };

  it('is read only; the details button opens the drawer for holders of log_api_view', async () => {
    setup(['log_api', 'log_api_view']);
    await screen.findByText('blade-system/post/submit', {}, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '详情 blade-system/post/submit' }));
    const drawer = await screen.findByRole('dialog', { name: '日志详情' }, { timeout: 8000 });
    await waitFor(() => expect(within(drawer).getByText('10.0.0.8')).toBeTruthy());
  });

  it('shows no details button without the view code', async () => {
    setup(['log_api']);
    await screen.findByText('blade-system/post/submit', {}, { timeout: 8000 });
    expect(screen.queryByRole('button', { name: /^详情/ })).toBeNull();
  });
});
