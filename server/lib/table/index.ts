export {
  defineTable,
  type AccessRule,
  type AuditedTable,
  type RowFilter,
  type TableCall,
  type TableDef,
  type TableExport,
  type TableExportColumn,
  type TableRow,
} from './define.js';
export { blank, integerEquality, optionalText } from './fields.js';
export { tableRoutes } from './routes.js';
export {
  contractList,
  defineContractTable,
  dictLabels,
  dictNames,
  type ContractTableDef,
} from './contract.js';
