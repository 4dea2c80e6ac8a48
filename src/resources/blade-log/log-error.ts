import { defineResource } from '../types';
import { column, COMMON_COLUMNS_END, COMMON_FILTERS, DETAILS, L, type LogRow } from './fields';

/**
 * The error log (blade-log/error): every unexpected failure (500) with the reference the error
 * message showed, so a user's report finds its row. The stack trace stays on the server.
 */
export default defineResource<LogRow>({
  service: 'blade-log/error',
  route: '/system/log-error',
  title: { zh: '错误日志', en: 'Error log' },
  permissions: {},
  paging: 'generic',
  columns: [
    column('reference', { zh: '错误编号', en: 'Reference' }, { width: 300 }),
    column('exceptionName', { zh: '异常名称', en: 'Exception' }, { width: 160 }),
    column('method', L.method, { width: 100 }),
    column('requestUri', L.requestUri, { width: 240 }),
    ...COMMON_COLUMNS_END,
  ],
  filters: [
    { name: 'reference', kind: 'input', label: { zh: '错误编号', en: 'Reference' } },
    { name: 'exceptionName', kind: 'input', label: { zh: '异常名称', en: 'Exception' } },
    ...COMMON_FILTERS,
  ],
  rowActions: [
    {
      id: 'detail',
      label: DETAILS,
      permission: 'log_error_view',
      dialog: () => import('./log-details').then((m) => ({ default: m.ErrorLogDetail })),
    },
  ],
  recordLabel: (row) => String(row.reference || row.createTime),
});
