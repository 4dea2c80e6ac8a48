import { defineResource } from '../types';
import { column, COMMON_COLUMNS_END, COMMON_FILTERS, DETAILS, L, type LogRow } from './fields';

/** The usual log (blade-log/usual): explicit events, such as logins that succeeded or failed. */
export default defineResource<LogRow>({
  service: 'blade-log/usual',
  route: '/system/log-usual',
  title: { zh: '通用日志', en: 'Usual log' },
  permissions: {},
  paging: 'generic',
  columns: [
    column('logId', { zh: '日志标识', en: 'Event' }, { width: 120 }),
    column(
      'logLevel',
      { zh: '日志级别', en: 'Level' },
      {
        kind: 'tag',
        width: 110,
        options: [
          { value: 'INFO', label: { zh: '信息', en: 'Info' }, color: 'blue' },
          { value: 'WARN', label: { zh: '警告', en: 'Warning' }, color: 'orange' },
          { value: 'ERROR', label: { zh: '错误', en: 'Error' }, color: 'red' },
        ],
      },
    ),
    column('requestUri', L.requestUri, { width: 240 }),
    ...COMMON_COLUMNS_END,
  ],
  filters: [
    { name: 'logId', kind: 'input', label: { zh: '日志标识', en: 'Event' } },
    {
      name: 'logLevel',
      kind: 'select',
      label: { zh: '日志级别', en: 'Level' },
      options: [
        { value: 'INFO', label: { zh: '信息', en: 'Info' } },
        { value: 'WARN', label: { zh: '警告', en: 'Warning' } },
        { value: 'ERROR', label: { zh: '错误', en: 'Error' } },
      ],
    },
    ...COMMON_FILTERS,
  ],
  rowActions: [
    {
      id: 'detail',
      label: DETAILS,
      permission: 'log_usual_view',
      dialog: () => import('./log-details').then((m) => ({ default: m.UsualLogDetail })),
    },
  ],
  recordLabel: (row) => `${row.logId} ${row.createTime}`,
});
