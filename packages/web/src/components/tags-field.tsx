import { TagsInput, type TagsInputProps } from '@mantine/core';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from './use-field';

type Props<T extends FieldValues> = FieldProps<T> &
  Omit<TagsInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'>;

/** Free words (tags, links) bound to a form value kept as a list of strings. */
export function TagsField<T extends FieldValues>({ control, name, label, required, ...rest }: Props<T>) {
  const { field, error } = useField(control, name);
  return (
    <TagsInput
      // Its (empty) list is mounted only while open, as the theme does for the other drop-downs.
      comboboxProps={{ keepMounted: false }}
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
