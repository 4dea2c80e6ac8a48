import { fieldEntries } from '../../../src/contracts/resource-contract.js';
import { MONEY_FORMAT, type SheetColumn } from './xlsx.js';

/** A sheet column of a contract field: the field it reads and how it is written. */
export interface FieldColumn extends SheetColumn {
  field: string;
  /** A fixed choice's value written as its zh label. */
  format?: (value: unknown) => unknown;
}

/**
 * A contract's export sheet (every exporter over a contract writes these): its fields with
 * `export`, in contract order, headed by their zh label; money fields in MONEY_FORMAT (issue 25
 * item 11: amounts stay numbers and read '2,361,473.90' in Excel).
 */
export function contractSheet(contract: { fields: object }): FieldColumn[] {
  return fieldEntries(contract).flatMap(([field, f]) =>
    f.export
      ? [
          {
            field,
            header: f.label.zh,
            width: f.export.width,
            ...(f.kind === 'money' ? { numFmt: MONEY_FORMAT } : {}),
            ...(f.choices ? { format: choiceLabel(f.choices) } : {}),
          },
        ]
      : [],
  );
}

/** The zh label of a choice's value (an unknown value as it is). */
const choiceLabel =
  (choices: Readonly<Record<string, { zh: string }>>) =>
  (value: unknown): unknown =>
    choices[String(value)]?.zh ?? value;

/** The sheet's columns as the writer takes them (without the field names and formats). */
export const sheetColumns = (columns: readonly FieldColumn[]): SheetColumn[] =>
  columns.map(({ field: _, format: __, ...column }) => column);
