import { Autocomplete } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { type FieldProps, useField } from '../../components/use-field';
import { citiesQuery } from './reference.api';

/** Free text with suggestions from the cities of the chosen state. */
export function CityField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  stateId,
}: FieldProps<T> & { stateId: number | null }) {
  const { field, error } = useField(control, name);
  const text = (field.value as string | undefined) ?? '';
  const [search] = useDebouncedValue(text, 250);
  const cities = useQuery(citiesQuery(stateId, search));
  const names = [...new Set((cities.data?.results ?? []).map((city) => city.name))];
  return (
    <Autocomplete
      ref={field.ref}
      name={field.name}
      label={label}
      withAsterisk={required}
      value={text}
      onChange={field.onChange}
      onBlur={field.onBlur}
      data={names}
      error={error}
      autoComplete="off"
    />
  );
}
