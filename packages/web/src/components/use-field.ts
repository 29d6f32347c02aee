import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { visibleFieldError } from './field-error';

export interface FieldProps<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  required?: boolean;
}

/** Binds a form field and computes the error it may show (see visibleFieldError). */
export function useField<T extends FieldValues>(control: Control<T>, name: FieldPath<T>) {
  const { field, fieldState, formState } = useController({ control, name });
  const error = visibleFieldError(fieldState, formState.isSubmitted);
  return { field, error };
}
