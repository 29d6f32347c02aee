import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from '../../components/use-field';
import { BrandSelect, type BrandSelectProps } from './brand-select';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<BrandSelectProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'>;

/** The brand picker bound to a form value kept as a brand id (or null). */
export function BrandSelectField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  ...rest
}: Props<T>) {
  const { field, error } = useField(control, name);
  return (
    <BrandSelect
      {...rest}
      value={(field.value as number | null | undefined) ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={label}
      required={required}
      error={error}
    />
  );
}
