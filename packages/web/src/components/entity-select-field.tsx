import type { FieldValues } from 'react-hook-form';
import {
  EntitySelect,
  type EntitySelectProps,
  type EntitySource,
  type PickableEntity,
} from './entity-select';
import { type FieldProps, useField } from './use-field';

type Props<T extends FieldValues, E extends PickableEntity, One extends E> = FieldProps<T> &
  Omit<EntitySelectProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'required'> & {
    source: EntitySource<E, One>;
  };

/** An EntitySelect bound to a form value kept as an id (or null). */
export function EntitySelectField<T extends FieldValues, E extends PickableEntity, One extends E = E>({
  control,
  name,
  label,
  required,
  ...rest
}: Props<T, E, One>) {
  const { field, error } = useField(control, name);
  return (
    <EntitySelect
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
