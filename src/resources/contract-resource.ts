import {
  fieldEntries,
  type FieldSpec,
  type InputKey,
  type ResourceContract,
  type RowOf,
} from '../contracts/resource-contract';
import type { ColumnDef, FormFieldDef, ResourceDef } from './types';

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- a contract of any row and fields */
type AnyContract = ResourceContract<any, any>;
type FilterDef = NonNullable<ResourceDef['filters']>[number];
type FieldsOf<C> = C extends { fields: infer F } ? F : never;

/** A column shown: a field's name, or the field with what only the screen decides. */
export type ContractColumn<Row> =
  (keyof Row & string) | (Partial<ColumnDef<Row>> & { field: keyof Row & string });

/** A filter in the bar: an allowlisted field's name, or with what only the screen decides. */
export type ContractFilter<Row> =
  (keyof Row & string) | (Partial<FilterDef> & { name: keyof Row & string });

/**
 * A console declaration over a resource contract (src/contracts/<service>/<resource>.ts): the
 * service, route, title, permission codes, labels, filters' and forms' checks come from the
 * contract; the declaration keeps what is the screen's own (which columns and filters show, in
 * what order, widths, cell kinds, inline edit, form controls, dialogs).
 */
export type ContractResourceDef<Row extends object, C extends AnyContract> = Omit<
  ResourceDef<Row>,
  'service' | 'route' | 'title' | 'permissions' | 'export' | 'columns' | 'filters' | 'form'
> & {
  contract: C;
  columns: readonly ContractColumn<Row>[];
  filters?: readonly ContractFilter<Row>[];
  /**
   * The form is every submit field of the contract in its order; this changes a control (e.g.
   * `{remark: {kind: 'textarea', wide: true}}`) or leaves a field out (`false`).
   */
  form?: { readonly [K in InputKey<FieldsOf<C>>]?: Partial<FormFieldDef> | false };
};

const columnKind = (spec: FieldSpec): ColumnDef<object>['kind'] =>
  spec.kind === 'dateTime' ? 'dateTime' : spec.dict ? 'status' : undefined;

function filterKind(spec: FieldSpec): FilterDef['kind'] {
  if (spec.dict) return 'select';
  return spec.kind === 'date' || spec.kind === 'dateTime' ? 'dateRange' : 'input';
}

function formKind(spec: FieldSpec): FormFieldDef['kind'] {
  if (spec.dict) return 'select';
  switch (spec.kind) {
    case 'integer':
    case 'money':
      return 'integer';
    case 'decimal':
      return 'decimal';
    case 'date':
    case 'dateTime':
      return 'date';
    default:
      return 'text';
  }
}

const drop = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * Declares a resource over its contract (the console's mirror of the server's
 * `defineContractTable`); the result is the engine's `ResourceDef`, checked as it is read.
 */
export function defineContractResource<C extends AnyContract, Row extends object = RowOf<C>>(
  def: ContractResourceDef<Row, C>,
): ResourceDef<Row> {
  const { contract, columns, filters = [], form = {}, ...screen } = def;
  const specs = new Map(fieldEntries(contract));
  const specOf = (name: string, what: string): FieldSpec => {
    const spec = specs.get(name);
    if (!spec)
      throw new Error(`${contract.service}: ${what} ${name} is not a field of the contract`);
    return spec;
  };
  const { codes } = contract;
  return {
    ...screen,
    service: contract.service,
    route: contract.route,
    title: contract.title,
    permissions: drop({
      add: codes.add,
      edit: codes.edit,
      remove: codes.remove,
      view: codes.view,
      export: codes.export,
    }),
    ...(contract.export ? { export: { excelType: contract.export.excelType } } : {}),
    columns: columns.map((column) => {
      const own = typeof column === 'string' ? { field: column } : column;
      const spec = specOf(own.field, 'column');
      return drop({
        label: spec.label,
        kind: columnKind(spec),
        dict: spec.dict,
        sortable: spec.sortable,
        ...own,
      }) as ColumnDef<Row>;
    }),
    filters: filters.map((filter) => {
      const own = typeof filter === 'string' ? { name: filter } : filter;
      const spec = specOf(own.name, 'filter');
      if (!spec.filter)
        throw new Error(`${contract.service}: ${own.name} is not an allowlisted filter`);
      return drop({ label: spec.label, kind: filterKind(spec), dict: spec.dict, ...own });
    }),
    form: contract.inputKeys.flatMap((name) => {
      const own = (form as Record<string, Partial<FormFieldDef> | false>)[name];
      if (own === false) return [];
      const spec = specOf(name, 'form field');
      return [
        drop({
          name,
          label: spec.label,
          kind: formKind(spec),
          dict: spec.dict,
          required: spec.required,
          maxLength: spec.maxLength,
          ...own,
        }) as FormFieldDef,
      ];
    }),
  };
}
