import '@mantine/dates/styles.css';
import {
  Autocomplete,
  Badge,
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { useState, type FormEvent, type Ref } from 'react';
import { useResourceOptionsQuery } from '../../api/resource';
import { useLang, useT } from '../../state/hooks';
import {
  clampRange,
  DATE_SHORTCUTS,
  formatDay,
  lastDaysRange,
  lastMonthsRange,
  MAX_DATE_SPAN_DAYS,
  monthOf,
  MONTH_SHORTCUTS,
  SPAN_CLAMPED_MESSAGE,
  type FilterDef,
  type FilterValue,
  type FilterValues,
} from './filters';
import { useSelectOptions } from './select-options';
import { SEARCHABLE_FROM, SearchMultiSelect, SearchSelect } from '../../components/search-select';
import { DatePickerInput, MonthPickerInput } from './lazy-date-inputs';

interface Props {
  ref?: Ref<HTMLFormElement>;
  filters: readonly FilterDef[];
  values: FilterValues;
  onChange(values: FilterValues): void;
  onSearch(): void;
  /** The Reset button (the screen resets its values: the createTime range is kept, spec 5). */
  onReset(): void;
}

const parseDay = (v: string) => (v ? new Date(`${v.slice(0, 10)}T00:00:00`) : null);

/** A date range's shortcut buttons (spec sections 5 and 9): today, then the spec's ranges. */
export const RANGE_SHORTCUTS = [
  { key: 'resource.filter.today', days: 1 },
  ...DATE_SHORTCUTS,
] as const;

interface TreeItem {
  children?: TreeItem[];
  [field: string]: unknown;
}

/**
 * A cascader: one select per level of the source tree, each listing the children of the node
 * chosen before it; the value is the chosen path (the list filters by its last node).
 */
function CascaderFilter({
  def,
  path,
  onPath,
}: {
  def: FilterDef;
  path: readonly string[];
  onPath(next: string[]): void;
}) {
  const lang = useLang();
  const source = def.source;
  const tree = useResourceOptionsQuery(
    { path: source?.path ?? '', params: source?.params },
    { skip: !source },
  );
  const valueField = source?.value ?? 'id';
  const labelField = source?.label ?? 'title';
  const levels: TreeItem[][] = [];
  let items = Array.isArray(tree.data) ? (tree.data as TreeItem[]) : [];
  for (let depth = 0; items.length > 0; depth++) {
    levels.push(items);
    const chosen = items.find((i) => String(i[valueField]) === path[depth]);
    items = chosen?.children ?? [];
  }
  const label = def.label[lang];
  return (
    <Group gap={4} align="flex-end" role="group" aria-label={label}>
      {levels.map((level, depth) => (
        <SearchSelect
          key={depth}
          label={depth === 0 ? label : undefined}
          aria-label={`${label} ${String(depth + 1)}`}
          data={level.map((i) => ({
            value: String(i[valueField]),
            label: String(i[labelField] ?? i[valueField]),
          }))}
          value={path[depth] ?? null}
          // Choosing at one level drops the levels below it.
          onChange={(v) => onPath([...path.slice(0, depth), ...(v ? [v] : [])])}
          clearable
          w={150}
          comboboxProps={{ withinPortal: true }}
        />
      ))}
    </Group>
  );
}

/**
 * One level of a lazy cascader: the children of `parent`, loaded when the level is shown; the
 * next level shows once a node with children is chosen here.
 */
function LazyCascaderLevel({
  def,
  depth,
  parent,
  path,
  onPath,
}: {
  def: FilterDef;
  depth: number;
  parent: string;
  path: readonly string[];
  onPath(next: string[]): void;
}) {
  const lang = useLang();
  const source = def.source!;
  const lazy = def.lazy!;
  const answer = useResourceOptionsQuery({
    path: source.path,
    params: { ...source.params, [lazy.param]: parent },
  });
  const valueField = source.value ?? 'id';
  const labelField = source.label ?? 'title';
  const items = Array.isArray(answer.data) ? (answer.data as TreeItem[]) : [];
  if (items.length === 0) return null;
  const label = def.label[lang];
  const chosen = path[depth];
  const node = items.find((i) => String(i[valueField]) === chosen);
  const deeper =
    chosen !== undefined &&
    node !== undefined &&
    node.hasChildren !== false &&
    depth + 1 < (def.levels?.length ?? Number.POSITIVE_INFINITY);
  return (
    <>
      <SearchSelect
        label={depth === 0 ? label : undefined}
        aria-label={`${label} ${String(depth + 1)}`}
        data={items.map((i) => ({
          value: String(i[valueField]),
          label: String(i[labelField] ?? i[valueField]),
        }))}
        value={chosen ?? null}
        // Choosing at one level drops the levels below it.
        onChange={(v) => onPath([...path.slice(0, depth), ...(v ? [v] : [])])}
        clearable
        w={150}
        comboboxProps={{ withinPortal: true }}
      />
      {deeper && (
        <LazyCascaderLevel
          def={def}
          depth={depth + 1}
          parent={chosen}
          path={path}
          onPath={onPath}
        />
      )}
    </>
  );
}

/**
 * A range of whole months (`unit: 'month'`): a month picker and month presets only (本月, 上月,
 * 近3个月, ...), no months after this one unless the filter allows the future.
 */
function MonthRangeFilter({
  def,
  value,
  onValue,
  label,
}: {
  def: FilterDef;
  value: FilterValue | undefined;
  onValue(v: FilterValue): void;
  label: string;
}) {
  const t = useT();
  const today = new Date();
  const [start, end] = Array.isArray(value) ? value : ['', ''];
  const parseMonth = (v: string | undefined) =>
    v ? new Date(`${v.slice(0, 7)}-01T00:00:00`) : null;
  const asMonth = (d: Date | string | null) => (d ? monthOf(new Date(d)) : '');
  return (
    <Group gap={4} align="flex-end" wrap="wrap" maw="100%">
      <MonthPickerInput
        type="range"
        label={label}
        value={[parseMonth(start), parseMonth(end)]}
        onChange={([a, b]) => onValue([asMonth(a), asMonth(b)])}
        maxDate={def.allowFuture ? undefined : today}
        clearable={def.defaultLast === undefined}
        valueFormat="YYYY-MM"
        w={200}
        maw="100%"
      />
      <Group
        gap={0}
        wrap="wrap"
        role="group"
        aria-label={t('resource.filter.shortcuts', { label })}
      >
        {MONTH_SHORTCUTS.map((shortcut) => (
          <Button
            key={shortcut.key}
            size="compact-sm"
            variant="subtle"
            aria-label={`${label} ${t(shortcut.key)}`}
            onClick={() => onValue(lastMonthsRange(shortcut.months, new Date(), shortcut.back))}
          >
            {t(shortcut.key)}
          </Button>
        ))}
      </Group>
    </Group>
  );
}

function FilterField({
  def,
  value,
  onValue,
}: {
  def: FilterDef;
  value: FilterValue | undefined;
  onValue(v: FilterValue): void;
}) {
  const t = useT();
  const lang = useLang();
  const options = useSelectOptions(def, lang);
  const label = def.label[lang];
  const today = new Date();
  const maxDate = def.allowFuture ? undefined : today;
  // The 31-day clamp is said as a chip beside the range, there as long as the clamped range is.
  const [clamped, setClamped] = useState<readonly string[]>();
  switch (def.kind) {
    case 'autocomplete':
      return (
        <Autocomplete
          label={label}
          data={[...new Set(options.map((o) => o.label))]}
          value={typeof value === 'string' ? value : ''}
          onChange={onValue}
          w={180}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'numberRange': {
      const [min, max] = Array.isArray(value) ? value : ['', ''];
      return (
        <Group gap={4} align="flex-end" role="group" aria-label={label}>
          <NumberInput
            label={label}
            aria-label={`${label} ${t('resource.filter.min')}`}
            placeholder={t('resource.filter.min')}
            value={min ?? ''}
            onChange={(v) => onValue([String(v), max ?? ''])}
            w={110}
          />
          <NumberInput
            aria-label={`${label} ${t('resource.filter.max')}`}
            placeholder={t('resource.filter.max')}
            value={max ?? ''}
            onChange={(v) => onValue([min ?? '', String(v)])}
            w={110}
          />
        </Group>
      );
    }
    case 'cascader':
      if (def.lazy && def.source)
        return (
          <Group gap={4} align="flex-end" role="group" aria-label={label}>
            <LazyCascaderLevel
              def={def}
              depth={0}
              parent={def.lazy.root}
              path={Array.isArray(value) ? value : []}
              onPath={onValue}
            />
          </Group>
        );
      return <CascaderFilter def={def} path={Array.isArray(value) ? value : []} onPath={onValue} />;
    case 'select': {
      const select = {
        label,
        data: options,
        value: typeof value === 'string' && value ? value : null,
        onChange: (v: string | null) => onValue(v ?? ''),
        clearable: true,
        w: 180,
        comboboxProps: { withinPortal: true },
      };
      // Options from a source (suppliers, goods) or more than a handful: typing filters, Enter
      // picks only a highlighted match, never searches with a stale choice.
      return def.source || options.length >= SEARCHABLE_FROM ? (
        <SearchSelect {...select} />
      ) : (
        <Select {...select} />
      );
    }
    case 'multiSelect': {
      const multi = {
        label,
        data: options,
        value: Array.isArray(value) ? [...value] : [],
        onChange: (v: string[]) => onValue(v),
        clearable: true,
        w: 240,
        comboboxProps: { withinPortal: true },
      };
      return def.source || options.length >= SEARCHABLE_FROM ? (
        <SearchMultiSelect {...multi} />
      ) : (
        <MultiSelect {...multi} />
      );
    }
    case 'date':
      return (
        <DatePickerInput
          label={label}
          value={parseDay(typeof value === 'string' ? value : '')}
          onChange={(d) => onValue(d ? formatDay(new Date(d)) : '')}
          maxDate={maxDate}
          clearable
          valueFormat="YYYY-MM-DD"
          w={160}
        />
      );
    case 'dateRange': {
      if (def.unit === 'month')
        return <MonthRangeFilter def={def} value={value} onValue={onValue} label={label} />;
      const [start, end] = Array.isArray(value) ? value : ['', ''];
      const showClamp = clamped !== undefined && clamped[0] === start && clamped[1] === end;
      // Clamped as soon as the range is picked, and the user is told so.
      const pickRange = (from: string, to: string) => {
        const range = clampRange(
          from,
          to,
          def.maxDays ?? MAX_DATE_SPAN_DAYS,
          def.allowFuture ? undefined : today,
        );
        // Said by the chip beside the picker (a status, so it is also announced).
        if (range.clamped) setClamped([range.start, range.end]);
        onValue([range.start, range.end]);
      };
      const picker = (
        // Wraps on a narrow screen (390 px): the shortcuts go under the picker, never off it.
        <Group gap={4} align="flex-end" wrap="wrap" maw="100%">
          <DatePickerInput
            type="range"
            label={label}
            value={[parseDay(start ?? ''), parseDay(end ?? '')]}
            onChange={([a, b]) => {
              if (!a || !b) {
                onValue([a ? formatDay(new Date(a)) : '', b ? formatDay(new Date(b)) : '']);
                return;
              }
              pickRange(formatDay(new Date(a)), formatDay(new Date(b)));
            }}
            maxDate={maxDate}
            // A range the server would apply anyway is shown, not emptied (issue 25 item 19).
            clearable={def.defaultLast === undefined}
            valueFormat="YYYY-MM-DD"
            w={240}
            maw="100%"
          />
          {/* Buttons in the tab order, so the shortcuts need neither the mouse nor the calendar. */}
          <Group
            gap={0}
            wrap="wrap"
            role="group"
            aria-label={t('resource.filter.shortcuts', { label })}
          >
            {RANGE_SHORTCUTS.map((shortcut) => (
              <Button
                key={shortcut.key}
                size="compact-sm"
                variant="subtle"
                aria-label={`${label} ${t(shortcut.key)}`}
                onClick={() => pickRange(...lastDaysRange(shortcut.days, new Date()))}
              >
                {t(shortcut.key)}
              </Button>
            ))}
          </Group>
        </Group>
      );
      return showClamp ? (
        <Stack gap={2}>
          {picker}
          <Badge color="orange" variant="light" radius="sm" role="status">
            {t(SPAN_CLAMPED_MESSAGE, { days: def.maxDays ?? MAX_DATE_SPAN_DAYS })}
          </Badge>
        </Stack>
      ) : (
        picker
      );
    }
    default:
      return (
        <TextInput
          label={label}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onValue(e.currentTarget.value)}
          w={180}
        />
      );
  }
}

/**
 * The resource's filter bar: one field per declared filter, Search (or Enter in any field)
 * and Reset. Values are applied on Search; the screen turns them into list parameters.
 */
export function FilterBar({ ref, filters, values, onChange, onSearch, onReset }: Props) {
  const t = useT();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };
  return (
    <Paper
      ref={ref}
      withBorder
      p="sm"
      component="form"
      onSubmit={submit}
      aria-label={t('table.filters')}
    >
      <Group align="flex-end" gap="sm">
        {filters.map((def) => (
          <FilterField
            key={def.name}
            def={def}
            value={values[def.name]}
            onValue={(v) => onChange({ ...values, [def.name]: v })}
          />
        ))}
        <Group gap="xs">
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />}>
            {t('common.search')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={onReset}
          >
            {t('common.reset')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
