/**
 * Document numbers of the client service, one format per kind (like the supplier's numbers.ts):
 * client order `CO` + yyyyMMdd + id, client return `CR` + yyyyMMdd + id. `id` is the record's
 * snowflake id; `time` its stored time, whose day the number carries.
 */
const day = (time: string) => time.slice(0, 10).replace(/-/g, '');

export const clientOrderNoOf = (id: string, time: string) => `CO${day(time)}${id}`;
export const clientReturnNoOf = (id: string, time: string) => `CR${day(time)}${id}`;

const ID = String.raw`\d{18,19}`;
export const CLIENT_NUMBER_FORMATS = {
  order: new RegExp(`^CO\\d{8}${ID}$`),
  return: new RegExp(`^CR\\d{8}${ID}$`),
} as const;
