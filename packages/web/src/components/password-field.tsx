import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<PasswordInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'>;

/** A password input that can be unmasked. The toggle's name avoids the word 'password' so that a
 * search by the label 'Password' finds only the input. */
export function PasswordField<T extends FieldValues>({ control, name, label, required, ...rest }: Props<T>) {
  const { field, error } = useField(control, name);
  return (
    <PasswordInput
      {...rest}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      label={label}
      withAsterisk={required}
      error={error}
      visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
    />
  );
}
