/** Inline cell editing in resource tables (spec section 4). */
export const inlineEdit = {
  zh: {},
  en: {},
} as const;
