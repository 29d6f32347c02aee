export const FALLBACK_FIELD_ERROR = 'Field is invalid';

export interface FieldErrorState {
  invalid: boolean;
  isTouched: boolean;
  isDirty: boolean;
  error?: { message?: string };
}

/**
 * The spec's display rule: a field shows its first error only when it is invalid and touched or
 * dirty. Submitting marks every field touched, so after a submit every invalid field shows.
 */
export function visibleFieldError(state: FieldErrorState, submitted = false): string | undefined {
  if (!state.invalid) return undefined;
  if (!state.isTouched && !state.isDirty && !submitted) return undefined;
  return state.error?.message || FALLBACK_FIELD_ERROR;
}
