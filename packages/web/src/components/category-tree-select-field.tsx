import type { FieldValues } from 'react-hook-form';
import { CategoryTreeSelect, type CategoryTreeSelectProps } from './category-tree-select';
import { type FieldProps, useField } from './use-field';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<CategoryTreeSelectProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'>;

/** The category tree select bound to a form value kept as a category id (or null). */
export function CategoryTreeSelectField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  ...rest
}: Props<T>) {
  const { field, error } = useField(control, name);
  return (
    <CategoryTreeSelect
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
