import { useQuery } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { SelectField } from '../../components/select-field';
import type { FieldProps } from '../../components/use-field';
import { statesQuery } from './reference.api';

/** A searchable drop-down of the Indian states (GET states?limit=37); the form keeps the id as a string. */
export function StateSelectField<T extends FieldValues>(
  props: FieldProps<T> & { readOnly?: boolean; description?: string },
) {
  const states = useQuery(statesQuery);
  const data = (states.data?.results ?? []).map((state) => ({ value: String(state.id), label: state.name }));
  return (
    <SelectField
      {...props}
      data={data}
      searchable
      nothingFoundMessage={states.isError ? 'Failed to load states' : 'No state found'}
      placeholder={states.isLoading ? 'Loading states…' : 'Choose a state'}
    />
  );
}
