import { TextInput, type TextInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'>;

export function TextField<T extends FieldValues>({ control, name, label, required, ...rest }: Props<T>) {
  const { field, error } = useField(control, name);
  return (
    <TextInput
      {...rest}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      label={label}
      withAsterisk={required}
      error={error}
    />
  );
}
