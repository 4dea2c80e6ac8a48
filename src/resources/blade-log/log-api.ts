import { defineResource, type Bilingual, type ResourceDef } from '../types';
import { column, COMMON_COLUMNS_END, COMMON_FILTERS, DETAILS, L, type LogRow } from './fields';

/**
 * The API log (blade-log/api): the writes signed-in users made (the server records successful
 * POST/PUT/PATCH/DELETE calls, credentials masked) and their refusals (`拒绝访问 403 <path>`,
 * `未找到 404 <path>`). Read only; details in a drawer.
 */
export function apiLogScreen(
  route: string,
  viewCode: string,
  title: Bilingual,
): ResourceDef<LogRow> {
  return defineResource<LogRow>({
    service: 'blade-log/api',
    route,
    title,
    permissions: {},
    paging: 'generic',
    columns: [
      column('title', { zh: '操作', en: 'Operation' }, { width: 260 }),
      column('method', L.method, { width: 100 }),
      column('requestUri', L.requestUri, { hiddenByDefault: true }),
      ...COMMON_COLUMNS_END,
    ],
    filters: [
      { name: 'title', kind: 'input', label: { zh: '操作', en: 'Operation' } },
      ...COMMON_FILTERS,
    ],
    rowActions: [
      {
        id: 'detail',
        label: DETAILS,
        permission: viewCode,
        dialog: () => import('./log-details').then((m) => ({ default: m.ApiLogDetail })),
      },
    ],
    recordLabel: (row) => String(row.title || row.requestUri),
  });
}

export default apiLogScreen('/system/log-api', 'log_api_view', { zh: '接口日志', en: 'API log' });
