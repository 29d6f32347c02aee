import { NumberInput, type NumberInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'>;

/** A number input whose form value is a number, or '' while blank (the schema reports it). */
export function NumberField<T extends FieldValues>({ control, name, label, required, ...rest }: Props<T>) {
  const { field, error } = useField(control, name);
  return (
    <NumberInput
      {...rest}
      ref={field.ref}
      name={field.name}
      value={(field.value as number | string | undefined) ?? ''}
      onChange={(value) => field.onChange(value)}
      onBlur={field.onBlur}
      label={label}
      withAsterisk={required}
      error={error}
    />
  );
}
