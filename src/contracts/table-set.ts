import { z } from 'zod';

/**
 * blade-system/table-set: each user's saved layout of one resource table. The spec names the
 * calls without shapes, so these are the project's own (contract.md Part 1 decision 9):
 *
 * - `GET  /api/blade-system/table-set/get?tableKey=<key>` -> `TableSet | null` for the caller;
 * - `POST /api/blade-system/table-set/save` with a JSON `TableSetSaveInput` -> the saved `TableSet`.
 *
 * The owner (tenant and user) always comes from the token; nothing in the request selects it.
 * The messages are zh because the server answers with them as `<field>:<message>`.
 */

/**
 * Names a table: stable across releases, the console route of its screen without the leading
 * slash (`tableKeyOf`). Console routes keep BladeX's camelCase segments
 * (`supplierMerchant/management`, `product/order/user-bulkProductOrder`), so upper case is a
 * key's character like any other; keys are compared as sent.
 */
export const TABLE_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,99}$/;

/** The table-set key of a list shown at `route` (a console route or a tab's own route). */
export const tableKeyOf = (route: string): string => route.replace(/^\/+/, '');
/** A column's id as the table knows it (accessor keys such as `dept.name` or `mrt-row-select`). */
export const COLUMN_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
export const TABLE_DENSITIES = ['xs', 'md', 'xl'] as const;
/** The page sizes the tables offer; 500 is the server's page-size cap (decision 7). */
export const TABLE_PAGE_SIZES = [10, 20, 30, 50, 90, 100, 150, 300, 500] as const;
/** Most entries in any one column list. */
export const TABLE_SET_MAX_ENTRIES = 100;
/** Most UTF-8 bytes of the serialized settings: a layout, not a place to store data. */
export const TABLE_SET_MAX_BYTES = 8 * 1024;

export type TableDensity = (typeof TABLE_DENSITIES)[number];
export type TablePageSize = (typeof TABLE_PAGE_SIZES)[number];

export const tableKeySchema = z
  .string({ error: '请提供表格标识' })
  .regex(TABLE_KEY_PATTERN, '表格标识格式错误');

const columnList = z
  .array(z.string({ error: '列标识格式错误' }).regex(COLUMN_ID_PATTERN, '列标识格式错误'), {
    error: '列清单必须是数组',
  })
  .max(TABLE_SET_MAX_ENTRIES, `最多${TABLE_SET_MAX_ENTRIES}列`)
  .refine((ids) => new Set(ids).size === ids.length, '列不能重复');

const byteLength = (text: string) => new TextEncoder().encode(text).length;

/**
 * What a table remembers, and nothing else: unknown keys are refused rather than dropped, so a
 * console that sends a setting the server does not keep finds out at once.
 */
export const tableSettingsSchema = z
  .strictObject(
    {
      columnOrder: columnList.optional(),
      hidden: columnList.optional(),
      pinnedLeft: columnList.optional(),
      pinnedRight: columnList.optional(),
      density: z.enum(TABLE_DENSITIES, { error: '密度只能是 xs、md 或 xl' }).optional(),
      pageSize: z
        .literal(TABLE_PAGE_SIZES, { error: `每页条数只能是 ${TABLE_PAGE_SIZES.join('、')}` })
        .optional(),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys' ? '不支持的表格设置项' : '请提供表格设置',
    },
  )
  .superRefine((settings, ctx) => {
    const left = new Set(settings.pinnedLeft ?? []);
    if ((settings.pinnedRight ?? []).some((id) => left.has(id))) {
      ctx.addIssue({ code: 'custom', path: ['pinnedRight'], message: '列不能同时固定在左右两侧' });
    }
    if (byteLength(JSON.stringify(settings)) > TABLE_SET_MAX_BYTES) {
      ctx.addIssue({ code: 'custom', message: `表格设置不能超过${TABLE_SET_MAX_BYTES / 1024}KB` });
    }
  });

export type TableSettings = z.infer<typeof tableSettingsSchema>;

/** Body of `save`; any other field (a `tenantId` or `userId`, say) is ignored. */
export const tableSetSaveSchema = z.object({
  tableKey: tableKeySchema,
  settings: tableSettingsSchema,
});

export type TableSetSaveInput = z.infer<typeof tableSetSaveSchema>;

/** Query of `get`. */
export const tableSetGetSchema = z.object({ tableKey: tableKeySchema });

/** The answer of `get` (or `null` when the caller saved nothing for that table) and of `save`. */
export interface TableSet {
  tableKey: string;
  settings: TableSettings;
}
