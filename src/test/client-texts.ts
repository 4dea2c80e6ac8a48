import type { ClientTexts } from '../api/client';

/** The API client's own texts in Chinese, for tests that configure the client by hand. */
export const ZH_CLIENT_TEXTS: ClientTexts = {
  network: '网络异常',
  timeout: '请求超时',
  badCredentials: '用户名或密码错误',
  noPermission: '没有权限',
  dataLoading: '数据加载错误',
};
