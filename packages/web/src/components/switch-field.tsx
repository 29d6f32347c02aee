import { Switch, type SwitchProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<SwitchProps, 'name' | 'checked' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'>;

/**
 * Mantine greys a disabled switch whether it is on or off; a read-only screen still has to show
 * which settings are on, so an on switch keeps a pale primary track.
 */
export function lockedSwitchStyles(checked: boolean) {
  return checked
    ? {
        track: {
          backgroundColor: 'var(--mantine-primary-color-3)',
          borderColor: 'var(--mantine-primary-color-3)',
        },
      }
    : undefined;
}

/** An on/off setting bound to a boolean form value. */
export function SwitchField<T extends FieldValues>({ control, name, label, required, ...rest }: Props<T>) {
  const { field, error } = useField(control, name);
  return (
    <Switch
      {...rest}
      ref={field.ref}
      name={field.name}
      checked={Boolean(field.value)}
      styles={rest.disabled ? lockedSwitchStyles(Boolean(field.value)) : undefined}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
      label={label}
      required={required}
      error={error}
    />
  );
}
