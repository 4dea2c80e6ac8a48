import { COMMON_FIELDS_END, COMMON_FIELDS_START } from './fields';
import type { LogField } from './log-detail';

/**
 * What each log's detail drawer lists: declarative data like the logs' columns (labels `{zh,
 * en}`, drawn by log-detail.tsx), loaded with the drawers (log-details.tsx).
 */

export const API_FIELDS: readonly LogField[] = [
  { field: 'title', label: { zh: '操作', en: 'Operation' } },
  ...COMMON_FIELDS_START,
  ...COMMON_FIELDS_END,
];

export const USUAL_FIELDS: readonly LogField[] = [
  { field: 'logId', label: { zh: '日志标识', en: 'Event' } },
  { field: 'logLevel', label: { zh: '日志级别', en: 'Level' } },
  { field: 'logData', label: { zh: '日志内容', en: 'Content' }, block: true },
  ...COMMON_FIELDS_START,
  ...COMMON_FIELDS_END,
];

export const ERROR_FIELDS: readonly LogField[] = [
  { field: 'reference', label: { zh: '错误编号', en: 'Reference' } },
  { field: 'exceptionName', label: { zh: '异常名称', en: 'Exception' } },
  // Message, file and line are sent to the super administrator only (server internals).
  { field: 'message', label: { zh: '异常信息', en: 'Message' }, block: true },
  { field: 'fileName', label: { zh: '文件', en: 'File' } },
  { field: 'lineNumber', label: { zh: '行号', en: 'Line' } },
  ...COMMON_FIELDS_START,
  ...COMMON_FIELDS_END,
];
