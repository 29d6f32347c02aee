import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<MultiSelectProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'>;

export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  ...rest
}: Props<T>) {
  const { field, error } = useField(control, name);
  return (
    <MultiSelect
      {...rest}
      ref={field.ref}
      name={field.name}
      value={(field.value as string[] | undefined) ?? []}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      label={label}
      withAsterisk={required}
      error={error}
    />
  );
}
