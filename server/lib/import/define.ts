import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Access, AuthUser } from '../../auth/index.js';

/** A column of an import's workbook. */
export interface ImportColumn {
  /** Property name of the row the schema receives. */
  key: string;
  /** Header text (zh) in the template and the uploaded sheet. */
  header: string;
  /** Other header texts that name the same column (BladeX's export headers, the screen's labels). */
  aliases?: readonly string[];
  /** The sheet must have this column (the schema decides whether a cell may be blank). */
  required?: boolean;
  /** The template's example value. */
  example: string;
  /** What the column takes (template note and instructions sheet). */
  note?: string;
  /** Column width in characters. */
  width?: number;
  /**
   * A column holding secrets (coupon codes, pins; domain.md "No plain codes at rest"): the result
   * file shows `mask(value)`, never the value uploaded, under `header` instead of the column's
   * own, so a result file is not taken for an upload of the values it hides.
   */
  secret?: { header: string; mask: (value: string) => string };
}

/** A problem with one row: its Excel row number, the column key ('' = the whole row), why. */
export interface RowError {
  row: number;
  column: string;
  message: string;
}

/** A row that passed the schema. */
export interface ImportRow<T> {
  row: number;
  data: T;
}

export interface ImportCall {
  /** During `write`, `ctx.db` is the import's transaction. */
  ctx: AppContext;
  caller: AuthUser;
  /** isCovered=1: rows whose natural key exists update that record instead of being refused. */
  covered: boolean;
}

export interface WriteCounts {
  created: number;
  updated: number;
}

/**
 * One kind of import (users now; coupon codes, stores and goods later). The engine reads the
 * upload, checks every row against `schema` and `check`, and writes with `write` only when no
 * row is wrong: all or nothing, in one transaction with the import's record.
 */
export interface ImportDefinition<T = unknown, Plan = unknown> {
  /** Recorded with each import; a file is imported once per tenant and type. */
  type: string;
  /** URL paths below /api/ (BladeX names per service). */
  paths: {
    /** POST multipart `file` (+ `isCovered` when `coverable`). */
    upload: string;
    /** GET the template workbook. */
    template: string;
    /** GET `?id=` the result workbook of a failed import (its uploader only). */
    result: string;
  };
  /** Codes admitting the upload and the result download. */
  access: readonly string[];
  /** Who may download the template (default: any signed-in user, as BladeX). */
  templateAccess?: Access;
  templateFileName: string;
  sheetName: string;
  columns: readonly ImportColumn[];
  /** Validates one row's texts (keys = column keys) with zh messages; every issue is reported. */
  schema: z.ZodType<T, Record<string, string>>;
  /** Column key that must not repeat inside one file (the natural key). */
  uniqueKey?: string;
  maxRows: number;
  /** Offers isCovered (update rows whose natural key exists). */
  coverable: boolean;
  /** Checks against the database (references, existing keys) and plans the write. */
  check(call: ImportCall, rows: ImportRow<T>[]): Promise<{ errors: RowError[]; plan: Plan }>;
  /** Writes the plan; runs inside the import's transaction (`call.ctx.db`). */
  write(call: ImportCall, plan: Plan): Promise<WriteCounts>;
}

/** Infers T and Plan from the declaration. */
export function defineImport<T, Plan>(def: ImportDefinition<T, Plan>): ImportDefinition<T, Plan> {
  return def;
}
