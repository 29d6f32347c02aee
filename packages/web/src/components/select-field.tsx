import { Select, type SelectProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'>;

/** A drop-down bound to a form value kept as a string id (or null). */
export function SelectField<T extends FieldValues>({ control, name, label, required, ...rest }: Props<T>) {
  const { field, error } = useField(control, name);
  return (
    <Select
      {...rest}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) || null}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      label={label}
      withAsterisk={required}
      error={error}
    />
  );
}
