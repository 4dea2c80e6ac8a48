/**
 * A row of blade-system/dict or blade-system/dict-biz (spec section 3). A dictionary is a parent
 * row (parentId '0', dictKey '-1', dictValue = its title); its entries are child rows carrying
 * the key/value pairs under the parent's code.
 */
export interface Dict {
  id: string;
  parentId: string;
  code: string;
  dictKey: string;
  dictValue: string;
  sort: number;
  remark: string | null;
  /** 1: sealed, only the super administrator changes it or its entries (the server refuses 403). */
  isSealed: number;
  version: number;
}

/** The system dictionary (global, super-admin writes) or the business one (per tenant). */
export type DictService = 'blade-system/dict' | 'blade-system/dict-biz';

/** What every call of a dictionary's entry list and entry form carries from the parent row. */
export function entryParams(parent: Pick<Dict, 'id' | 'code'>): Record<string, string> {
  // The server requires `code` on every submit and then takes the parent's own code.
  return { parentId: parent.id, code: parent.code };
}
