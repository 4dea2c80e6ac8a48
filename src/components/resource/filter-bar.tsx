import '@mantine/dates/styles.css';
import { Button, Group, MultiSelect, Paper, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { FormEvent, Ref } from 'react';
import { useLang, useT } from '../../app/hooks';
import {
  clampRange,
  formatDay,
  MAX_DATE_SPAN_DAYS,
  SPAN_CLAMPED_MESSAGE,
  type FilterDef,
  type FilterValue,
  type FilterValues,
} from './filters';
import { useSelectOptions } from './select-options';

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
  switch (def.kind) {
    case 'select':
      return (
        <Select
          label={label}
          data={options}
          value={typeof value === 'string' && value ? value : null}
          onChange={(v) => onValue(v ?? '')}
          clearable
          w={180}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'multiSelect':
      return (
        <MultiSelect
          label={label}
          data={options}
          value={Array.isArray(value) ? [...value] : []}
          onChange={(v) => onValue(v)}
          clearable
          w={240}
          comboboxProps={{ withinPortal: true }}
        />
      );
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
      const [start, end] = Array.isArray(value) ? value : ['', ''];
      return (
        <DatePickerInput
          type="range"
          label={label}
          value={[parseDay(start ?? ''), parseDay(end ?? '')]}
          onChange={([a, b]) => {
            if (!a || !b) {
              onValue([a ? formatDay(new Date(a)) : '', b ? formatDay(new Date(b)) : '']);
              return;
            }
            // Clamped as soon as the range is picked, and the user is told so.
            const range = clampRange(
              formatDay(new Date(a)),
              formatDay(new Date(b)),
              def.maxDays ?? MAX_DATE_SPAN_DAYS,
              def.allowFuture ? undefined : today,
            );
            if (range.clamped)
              notifications.show({ color: 'orange', message: t(SPAN_CLAMPED_MESSAGE) });
            onValue([range.start, range.end]);
          }}
          maxDate={maxDate}
          clearable
          valueFormat="YYYY-MM-DD"
          w={260}
        />
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
