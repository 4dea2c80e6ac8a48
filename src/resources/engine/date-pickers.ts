// The date pickers the list screens use, as one chunk that lazy-date-inputs.tsx loads when needed.
export { DateInput, DatePickerInput, MonthPickerInput } from '@mantine/dates';
