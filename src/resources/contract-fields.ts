import { REFERENCES, type Reference } from '../contracts/references';
import type { CallName, FieldSpec, ResourceContract } from '../contracts/resource-contract';
import type { FormFieldDef, OptionSource, ResourcePaths, ValueOption } from './types';

/**
 * What contract-resource.ts derives from the contract's newer field declarations (fixed
 * choices, switches, references, regions) and its declared calls, kept apart so the
 * declaration's module stays about precedence and checks.
 */

/** A switch's filter: on and off as the spec's enable flag names them. */
export const SWITCH_OPTIONS: readonly ValueOption[] = [
  { value: '1', label: { zh: '启用', en: 'Enabled' }, color: 'green' },
  { value: '0', label: { zh: '停用', en: 'Disabled' }, color: 'gray' },
];

/** The regions tree of blade-system/region (province > city > district), values = codes. */
export const REGION_PICKER: OptionSource = {
  path: 'blade-system/region/tree',
  label: 'title',
  value: 'value',
};

/** A field's fixed choices as options (value as text, the tag colour when declared). */
export function choiceOptions(spec: FieldSpec): readonly ValueOption[] | undefined {
  if (!spec.choices) return undefined;
  return Object.entries(spec.choices).map(([value, { zh, en, color }]) => ({
    value,
    label: { zh, en },
    ...(color ? { color } : {}),
  }));
}

/** What a filter on the field offers: its choices, or a switch's on and off. */
export const filterOptions = (spec: FieldSpec) =>
  choiceOptions(spec) ?? (spec.kind === 'switch' ? SWITCH_OPTIONS : undefined);

/** The records a reference field picks from (contracts/references.ts), when it has a picker. */
export function referenceSource(spec: FieldSpec): OptionSource | undefined {
  const picker = spec.ref ? (REFERENCES[spec.ref] as Reference).picker : undefined;
  return picker && { path: picker.path, label: picker.label, value: picker.value };
}

/**
 * The one region picker of a contract with region fields (contracts/regions.ts): the district
 * field holds the deepest level chosen (the server resolves the levels above it), so an edit
 * starts at the deepest code the record has and a refusal of any level is shown at it. The
 * province and city fields are left out of the form.
 */
export function regionControl(
  fields: readonly [string, FieldSpec][],
): { picker: string; control: Partial<FormFieldDef>; hidden: readonly string[] } | undefined {
  const named = (level: FieldSpec['region']) => fields.find(([, f]) => f.region === level);
  const district = named('district');
  if (!district) return undefined;
  const above = [named('city')?.[0], named('province')?.[0]].filter((n) => n !== undefined);
  return {
    picker: district[0],
    hidden: above,
    control: {
      kind: 'treeSelect',
      label: (named('name') ?? district)[1].label,
      source: REGION_PICKER,
      valueFrom: [district[0], ...above],
      refusalsFrom: above,
    },
  };
}

/** The engine's calls a contract may name (its `select` is for pickers, not the screen). */
const SCREEN_CALLS = ['list', 'detail', 'submit', 'remove', 'export'] as const;

/**
 * The calls the contract names (`calls`, resolved with their methods) as the screen's paths,
 * under what the declaration says itself (`own` wins call by call). Calls the contract leaves
 * to the defaults stay undeclared, so the engine's own defaults (a lazy tree's `lazy-list`)
 * still apply.
 */
export function contractPaths(
  contract: Pick<ResourceContract, 'calls' | 'resolvedCalls'>,
  own: ResourcePaths | undefined,
): ResourcePaths | undefined {
  const named = SCREEN_CALLS.filter((name: CallName) => contract.calls?.[name] !== undefined);
  if (named.length === 0) return own;
  const paths = Object.fromEntries(named.map((n) => [n, contract.resolvedCalls[n].path]));
  const methods = Object.fromEntries(named.map((n) => [n, contract.resolvedCalls[n].method]));
  return { ...paths, ...own, methods: { ...methods, ...own?.methods } };
}
