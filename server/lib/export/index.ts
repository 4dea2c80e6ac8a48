export {
  EXPORT_CREATED,
  EXPORT_FILE_EXPIRED,
  EXPORT_INTERRUPTED,
  EXPORT_RETRY_AFTER_SECONDS,
  EXPORT_STATUS,
  ExportEngine,
  ExportFailure,
  exportFilesDir,
  MAX_PENDING_EXPORTS,
  type ExportCall,
  type Exporter,
  type ExportTask,
  type ExportWorkerOptions,
} from './engine.js';
export { exportContentType, recordFinishedFile, type FinishedFile } from './finished.js';
export { registerExporter } from './routes.js';
export { contractSheet, sheetColumns, type FieldColumn } from './sheet.js';
export {
  attachmentDisposition,
  FORMULA_LIKE,
  MONEY_FORMAT,
  toCell,
  XLSX_TYPE,
  XlsxStreamWriter,
  type ExportCell,
  type SheetColumn,
} from './xlsx.js';
