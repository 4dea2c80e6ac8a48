import {
  fieldEntries,
  type FieldSpec,
  type InputKey,
  type ResourceContract,
  type RowOf,
} from '../contracts/resource-contract';
import {
  choiceOptions,
  contractPaths,
  filterOptions,
  referenceSource,
  regionControl,
} from './contract-fields';
import type { ColumnDef, FormFieldDef, ResourceDef } from './types';
import { toggleActions } from './toggle-actions';

/* eslint-disable-next-line @typescript-eslint/no-explicit-any -- a contract of any row and fields */
type AnyContract = ResourceContract<any, any>;
type FilterDef = NonNullable<ResourceDef['filters']>[number];
type FieldsOf<C> = C extends { fields: infer F } ? F : never;
/** The names of a contract's filter aliases (`filterAliases`). */
type AliasOf<C> = C extends { filterAliases?: infer A } ? keyof NonNullable<A> & string : never;

/** A column shown: a field's name, or the field with what only the screen decides. */
export type ContractColumn<Row> =
  (keyof Row & string) | (Partial<ColumnDef<Row>> & { field: keyof Row & string });

/** A filter in the bar: an allowlisted field's name, or with what only the screen decides. */
export type ContractFilter<Row, Alias extends string = never> =
  (keyof Row & string) | Alias | (Partial<FilterDef> & { name: (keyof Row & string) | Alias });

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
  filters?: readonly ContractFilter<Row, AliasOf<C>>[];
  /**
   * The form is every submit field of the contract in its order; this changes a control (e.g.
   * `{remark: {kind: 'textarea', wide: true}}`) or leaves a field out (`false`).
   */
  form?: { readonly [K in InputKey<FieldsOf<C>>]?: Partial<FormFieldDef> | false };
  /**
   * The form's fields in another order than the contract's (which is the server's): every
   * submit field the form shows, each once.
   */
  formOrder?: readonly InputKey<FieldsOf<C>>[];
};

function columnKind(spec: FieldSpec): ColumnDef<object>['kind'] {
  if (spec.choices) return 'tag';
  if (spec.kind === 'switch') return 'switch';
  return spec.kind === 'dateTime'
    ? 'dateTime'
    : spec.kind === 'money'
      ? 'amount'
      : spec.dict
        ? 'status'
        : undefined;
}

function filterKind(spec: FieldSpec): FilterDef['kind'] {
  if (spec.dict || filterOptions(spec) || referenceSource(spec)) return 'select';
  return spec.kind === 'date' || spec.kind === 'dateTime' ? 'dateRange' : 'input';
}

function formKind(spec: FieldSpec): FormFieldDef['kind'] {
  if (spec.dict || spec.choices || referenceSource(spec)) return 'select';
  switch (spec.kind) {
    case 'switch':
      return 'switch';
    case 'integer':
      return 'integer';
    case 'money':
      return 'money';
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

/** The names the form shows, in order; a submit field missing from `formOrder` is an error. */
function formFields(
  contract: AnyContract,
  form: Readonly<Record<string, unknown>>,
  order: readonly string[] | undefined,
): readonly string[] {
  if (!order) return contract.inputKeys;
  const missing = contract.inputKeys.filter((k) => form[k] !== false && !order.includes(k));
  if (missing.length > 0 || new Set(order).size !== order.length)
    throw new Error(`${contract.service}: formOrder names each form field once (${missing})`);
  return order;
}

/**
 * Declares a resource over its contract (the console's mirror of the server's
 * `defineContractTable`); the result is the engine's `ResourceDef`, checked as it is read.
 */
export function defineContractResource<C extends AnyContract, Row extends object = RowOf<C>>(
  // NoInfer: the row is the contract's, not whatever a row action's parameter accepts.
  def: ContractResourceDef<NoInfer<Row>, C>,
): ResourceDef<Row> {
  const { contract, columns, filters = [], form: ownForm = {}, formOrder, ...screen } = def;
  const specs = new Map(fieldEntries(contract));
  const region = regionControl(fieldEntries(contract));
  // The region's upper levels are left out unless the declaration shows them itself.
  const form: Readonly<Record<string, Partial<FormFieldDef> | false | undefined>> = {
    ...Object.fromEntries((region?.hidden ?? []).map((name) => [name, false])),
    ...ownForm,
  };
  const paths = contractPaths(contract, screen.paths);
  const toggles = toggleActions<Row>(contract);
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
    ...(paths ? { paths } : {}),
    ...(toggles.row.length > 0
      ? {
          rowActions: [...toggles.row, ...(screen.rowActions ?? [])],
          toolbarActions: [...toggles.toolbar, ...(screen.toolbarActions ?? [])],
        }
      : {}),
    columns: columns.map((column) => {
      const own = typeof column === 'string' ? { field: column } : column;
      const spec = specOf(own.field, 'column');
      return drop({
        label: spec.label,
        kind: columnKind(spec),
        options: choiceOptions(spec),
        dict: spec.dict,
        sortable: spec.sortable,
        ...own,
      }) as ColumnDef<Row>;
    }),
    filters: filters.map((filter) => {
      const own = typeof filter === 'string' ? { name: filter } : filter;
      const alias = contract.filterAliases?.[own.name];
      if (alias) return drop({ label: alias.label, kind: 'input' as const, ...own });
      const spec = specOf(own.name, 'filter');
      if (!spec.filter)
        throw new Error(`${contract.service}: ${own.name} is not an allowlisted filter`);
      return drop({
        label: spec.label,
        kind: filterKind(spec),
        options: filterOptions(spec),
        source: referenceSource(spec),
        dict: spec.dict,
        ...own,
      });
    }),
    form: formFields(contract, form, formOrder).flatMap((name) => {
      const own = form[name];
      if (own === false) return [];
      const spec = specOf(name, 'form field');
      return [
        drop({
          name,
          label: spec.label,
          kind: formKind(spec),
          options: choiceOptions(spec),
          source: referenceSource(spec),
          dict: spec.dict,
          required: spec.required,
          maxLength: spec.maxLength,
          // A switch starts where an empty submit would land.
          initial: spec.kind === 'switch' ? String(spec.emptyAs ?? 0) : undefined,
          ...(name === region?.picker ? region.control : {}),
          ...own,
        }) as FormFieldDef,
      ];
    }),
  };
}
