import { apiLogScreen } from './log-api';

/**
 * /setting/operate-log: the operation log is the API log (the server records writes only there),
 * behind the operation log menu's own codes (blade-log/api admits operate_log as well).
 */
export default apiLogScreen('/setting/operate-log', 'operate_log_view', {
  zh: '操作日志',
  en: 'Operation log',
});
