import '@mantine/dates/styles.css';
import { dayRangePresets } from '@b2b/domain/date-presets';
import { todayInIndia } from '@b2b/domain/validation';
import { DatePickerInput } from '@mantine/dates';

/** A list's date filter: from and to days (YYYY-MM-DD), either open. */
export type DayRange = [string | null, string | null];

export const ANY_DAY: DayRange = [null, null];

/**
 * The date range filter of a list. The range is handed on as the picker has it: after the first
 * click only its start (a list then shows that day onwards), after the second both ends. (Filling
 * the end with the start on the first click would close the range, and the second click would
 * start a new one: a range of several days could never be picked.) Presets beside the calendar
 * pick today, this week, this or last month, or this or last financial year in one click.
 */
export function DateRangeFilter({
  label,
  value,
  onChange,
  placeholder = 'Any date',
}: {
  label: string;
  value: DayRange;
  onChange: (range: DayRange) => void;
  /** What an empty range means: 'Any date', or the period a report reads when none is picked. */
  placeholder?: string;
}) {
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder={placeholder}
      valueFormat="DD/MM/YYYY"
      value={value}
      onChange={(range) => onChange([range[0] ?? null, range[1] ?? null])}
      clearable
      clearButtonProps={{ 'aria-label': `Clear ${label}` }}
      allowSingleDateInRange
      presets={dayRangePresets(todayInIndia()).map((preset) => ({
        label: preset.label,
        value: preset.range,
      }))}
      w={240}
    />
  );
}
