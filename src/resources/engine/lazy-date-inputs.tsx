import { TextInput, type MantineSize } from '@mantine/core';
import type {
  DateInput as DateInputComponent,
  DatePickerInput as DatePickerInputComponent,
  MonthPickerInput as MonthPickerInputComponent,
} from '@mantine/dates';
import type { ComponentType, ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazy-component';

/*
 * The list screens' date pickers (issue 31): loaded with the first list that has a date filter,
 * so a plain list does not carry the calendar. Until they arrive (a frame or two, the chunk is
 * small), an empty read-only field of the same label and width holds their place.
 *
 * mantine-react-table imports DateInput for its column filters, which the engine turns off: the
 * build gives it this module's DateInput instead of @mantine/dates (vite.config.ts), so the
 * table does not bring the calendar either.
 */
type AnyProps = Record<string, unknown>;
type PickerName = 'DateInput' | 'DatePickerInput' | 'MonthPickerInput';

function placeholderOf(props: AnyProps): ReactNode {
  return (
    <TextInput
      readOnly
      label={props.label as ReactNode}
      w={props.w as number | undefined}
      maw={props.maw as string | undefined}
      size={props.size as MantineSize | undefined}
      aria-busy
    />
  );
}

/** The picker `name` of ./date-pickers, loaded when first rendered. */
function deferred(name: PickerName) {
  return lazyComponent(
    () =>
      import('./date-pickers').then((m) => ({
        default: m[name] as unknown as ComponentType<AnyProps>,
      })),
    placeholderOf,
  );
}

export const DatePickerInput = deferred(
  'DatePickerInput',
) as unknown as typeof DatePickerInputComponent;
export const MonthPickerInput = deferred(
  'MonthPickerInput',
) as unknown as typeof MonthPickerInputComponent;
export const DateInput = deferred('DateInput') as unknown as typeof DateInputComponent;
