/**
 * The import engine: an .xlsx upload checked by name and content, every row validated, all or
 * nothing, a result workbook for the rows refused, a file imported once. One declaration per
 * kind (`defineImport`), served by `importRoutes(def)`.
 */
export {
  defineImport,
  type ImportCall,
  type ImportColumn,
  type ImportDefinition,
  type ImportRow,
  type RowError,
  type WriteCounts,
} from './define.js';
export { runImport, type ImportAnswer, type ImportOutcome } from './engine.js';
export { importRoutes, DEFAULT_UPLOAD_MB, RESULT_EXPIRED, sendImportResult } from './routes.js';
export { readXlsxUpload, tooLarge, NO_FILE, type Upload } from './upload.js';
export { cellText, NOT_EXCEL, REASON_HEADER, ROW_HEADER, XLSX_TYPE } from './workbook.js';
export { checkXlsx, inspectXlsx, type ZipLimits, type ZipVerdict } from './zip-check.js';
