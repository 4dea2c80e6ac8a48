/** The resource engine: table, filter bar, forms, shared validation patterns. */
export const resource = {
  zh: {},
  en: {},
} as const;
