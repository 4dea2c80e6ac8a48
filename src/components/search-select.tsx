import {
  MultiSelect,
  Select,
  type ComboboxData,
  type MultiSelectProps,
  type SelectProps,
} from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';

/**
 * The selects whose options come from a source (suppliers, goods, a dictionary of more than a
 * handful): typing filters the options and highlights the first match, and Enter picks the
 * highlighted option and nothing else (issue 25 item 14). Mantine's own Enter does nothing
 * when no option is highlighted, so the form around it submitted whatever value the select held
 * before: typing 测试 (matching nothing highlighted) then Enter saved a good under the supplier
 * chosen earlier. Here Enter is stopped whenever the text typed is not the chosen option's.
 */

/** More options than this make a dictionary or declared select searchable. */
export const SEARCHABLE_FROM = 6;

/** The option labels of Mantine select data by value (groups flattened). */
function labelOf(
  data: ComboboxData | undefined,
  value: string | null | undefined,
): string | undefined {
  if (value === null || value === undefined) return undefined;
  for (const item of data ?? []) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if ('group' in item) {
      const found = labelOf(item.items, value);
      if (found !== undefined) return found;
    } else if (item.value === value) return item.label;
  }
  return undefined;
}

/** Whether the open list of the select has a highlighted option (which Mantine's Enter picks). */
function hasHighlighted(input: HTMLInputElement): boolean {
  const listId = input.getAttribute('aria-controls');
  const list = listId ? input.ownerDocument.getElementById(listId) : null;
  return list?.querySelector('[data-combobox-selected]') != null;
}

/**
 * Enter in a searchable select: Mantine picks a highlighted option; without one, Enter is
 * stopped unless the text shown is the chosen value's (`shownIsValue`), so it never submits a
 * stale value under a search the user typed.
 */
export function guardEnter(event: KeyboardEvent<HTMLInputElement>, shownIsValue: boolean): void {
  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
  if (hasHighlighted(event.currentTarget)) return;
  if (!shownIsValue) event.preventDefault();
}

/**
 * A searchable Select (controlled or not): filters as the user types, highlights the first
 * match, Enter picks only a highlighted match. Choosing the chosen option again keeps it (a
 * clearable select clears with its button), so Enter on a focused select never empties it.
 */
export function SearchSelect({ onChange, onKeyDown, ...props }: SelectProps) {
  const [own, setOwn] = useState<string | null>(props.defaultValue ?? null);
  const value = props.value !== undefined ? props.value : own;
  return (
    <Select
      nothingFoundMessage="—"
      {...props}
      searchable
      selectFirstOptionOnChange
      allowDeselect={false}
      onChange={(next, option) => {
        setOwn(next);
        onChange?.(next, option);
      }}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        guardEnter(event, event.currentTarget.value === (labelOf(props.data, value) ?? ''));
      }}
    />
  );
}

/** A searchable MultiSelect: Enter picks only a highlighted match, never submits a search. */
export function SearchMultiSelect({ onKeyDown, ...props }: MultiSelectProps) {
  return (
    <MultiSelect
      nothingFoundMessage="—"
      {...props}
      searchable
      selectFirstOptionOnChange
      onKeyDown={(event) => {
        onKeyDown?.(event);
        guardEnter(event, event.currentTarget.value === '');
      }}
    />
  );
}
