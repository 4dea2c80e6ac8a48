import type { Kysely } from 'kysely';
import { fenToYuan } from '../../../src/contracts/money.js';
import { REFERENCES } from '../../../src/contracts/references.js';
import {
  fieldEntries,
  refMessage,
  type ResourceContract,
} from '../../../src/contracts/resource-contract.js';
import { badRequest } from '../errors.js';
import { resolveRegion, withRegionNames } from '../regions.js';
import type { TableCall } from './define.js';

/**
 * What a contract's field declarations add to its table's hooks (contract.ts): the enable
 * call's toggle, unique rules, the references checked before a save, the region resolved and
 * named, money from fen to yuan. Each wraps the declaration's own hook, which runs as well.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- a contract of any row and fields */
type AnyContract = ResourceContract<any, any>;

/** The switch the contract's `enable` call sets, behind its enable button. */
export function toggleOf(contract: AnyContract) {
  const found = fieldEntries(contract).find(([, f]) => f.toggle);
  if (!found || !contract.codes.enable) return {};
  const [column, spec] = found;
  return {
    toggle: {
      column,
      access: contract.codes.enable,
      invalid: `${column}:${spec.label.zh}只能是0或1`,
    },
  };
}

/** The contract's unique fields as the engine's rules (409 `field:message`). */
export function uniqueRules(contract: AnyContract) {
  return fieldEntries(contract).flatMap(([field, f]) =>
    f.unique ? [{ columns: [...(f.uniqueWith ?? []), field], message: f.unique.zh, field }] : [],
  );
}

type ToRow = (input: never, call: TableCall) => object | Promise<object>;
type BeforeSave = (call: TableCall, input: never, id: string | undefined) => Promise<void>;

/**
 * The declaration's `beforeSave`, after every reference given names a live record the caller's
 * tenant can see (else 400 at the field: `supId:权益供应商不存在`).
 */
export function withReferencesChecked(contract: AnyContract, beforeSave: BeforeSave | undefined) {
  const refs = fieldEntries(contract).filter(([, f]) => f.ref);
  if (refs.length === 0) return beforeSave;
  return async (call: TableCall, input: Record<string, unknown>, id: string | undefined) => {
    for (const [field, spec] of refs) {
      const value = input[field];
      if (value === undefined || value === null || value === '') continue;
      const ref = REFERENCES[spec.ref!];
      let q = (call.db as unknown as Kysely<Record<string, Record<string, unknown>>>)
        .selectFrom(ref.table)
        .select('id')
        .where('id', '=', String(value))
        .where('isDeleted', '=', 0);
      if (ref.scope === 'tenant') q = q.where('tenantId', '=', call.user.tenantId);
      if (!(await q.executeTakeFirst())) throw badRequest(`${field}:${refMessage(spec).zh}`);
    }
    await beforeSave?.(call, input as never, id);
  };
}

/** The declaration's `toRow` (or the input), with the region resolved (lib/regions.ts). */
export function withRegion(toRow: ToRow | undefined) {
  return async (input: Record<string, unknown>, call: TableCall) => {
    const row = toRow ? await toRow(input as never, call) : input;
    return { ...row, ...(await resolveRegion(call.db, input)) };
  };
}

type Decorate = (call: TableCall, rows: never[]) => Promise<object[]> | object[];

/**
 * The declaration's `decorate`, then the region's names joined (`regionName`), unless that
 * decorate named them itself (the stores read them with their suppliers' names).
 */
export function withRegions(decorate: Decorate | undefined): Decorate {
  return async (call, rows) => {
    const out = decorate ? await decorate(call, rows) : rows;
    if (out.every((row) => typeof (row as { regionName?: unknown }).regionName === 'string'))
      return out;
    return withRegionNames(call.db, out as Record<string, string | null>[]);
  };
}

/**
 * The declaration's `decorate`, then every money field from fen to a yuan number (lists, details
 * and exports all pass through it).
 */
export function withYuan(
  money: readonly string[],
  decorate: ((call: TableCall, rows: never[]) => Promise<object[]> | object[]) | undefined,
) {
  if (money.length === 0) return decorate;
  return async (call: TableCall, rows: never[]): Promise<object[]> => {
    const out = decorate ? await decorate(call, rows) : rows;
    return out.map((row) => {
      const converted: Record<string, unknown> = { ...row };
      for (const name of money) {
        const fen = converted[name];
        if (typeof fen === 'number' || typeof fen === 'bigint' || typeof fen === 'string') {
          const n = Number(fen);
          if (fen !== '' && Number.isInteger(n)) converted[name] = fenToYuan(n);
        }
      }
      return converted;
    });
  };
}
