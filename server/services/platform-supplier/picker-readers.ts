/**
 * Screens of the supplier service whose filters and dialogs pick suppliers and goods
 * (`sup/list-not-page`, `sup-good/list`, `sup-good/list-by-sup`): holding one of them admits
 * those reads, so a role given only the order, code or quota screens can still use their pickers.
 */
export const PICKER_SCREENS = [
  'code_batch',
  'code_recycle',
  'code_source',
  'code_exchange_record',
  'supplier_order',
  'supplier_refund_order',
  'supplier_error_order',
  'verify_refresh_task',
  'supplier_quota',
  'goods_quota',
  'quota_change_flow',
] as const;
