/** Data scopes, API scopes and the logs (their detail drawer). */
export const scopes = {
  zh: {
    'scopes.log.detailTitle': '日志详情',
    'scopes.log.loadFailed': '日志详情加载失败',
    'scopes.log.empty': '无',
  },
  en: {
    'scopes.log.detailTitle': 'Log details',
    'scopes.log.loadFailed': 'Could not load the log details',
    'scopes.log.empty': 'None',
  },
} as const;
