import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { isApiError } from '../api/api-error';

/** Puts the server's per-field messages (400 answers) on the form's fields they name. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
): void {
  if (!isApiError(error)) return;
  for (const [field, messages] of Object.entries(error.errors)) {
    if (fields.includes(field as FieldPath<T>) && messages.length > 0) {
      setError(field as FieldPath<T>, { type: 'server', message: messages[0] });
    }
  }
}
