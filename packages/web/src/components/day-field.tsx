import '@mantine/dates/styles.css';
import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<
    DatePickerInputProps,
    'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required' | 'type'
  >;

/** A calendar day picked as DD/MM/YYYY and kept in the form as 'YYYY-MM-DD' ('' when empty). */
export function DayField<T extends FieldValues>({ control, name, label, required, ...rest }: Props<T>) {
  const { field, error } = useField(control, name);
  return (
    <DatePickerInput
      placeholder="DD/MM/YYYY"
      valueFormat="DD/MM/YYYY"
      leftSection={<IconCalendar size={16} />}
      popoverProps={{ withinPortal: true }}
      {...rest}
      ref={field.ref}
      name={field.name}
      label={label}
      withAsterisk={required}
      value={(field.value as string | undefined) || null}
      onChange={(value) => {
        field.onChange(value ?? '');
        field.onBlur();
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
