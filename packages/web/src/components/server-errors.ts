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

/**
 * Puts the server's field messages on a form of quantity lines (`items`). The body sends only the
 * lines with a quantity (those at 0 are left out), so a line error (`items.{n}.<field>`, matched
 * by `lineField` with the position as its first group and the field as its second) names a
 * position in what was sent: it goes on that line of the form, on `quantity` or the field of
 * `lineFields` it names; the other messages go on the `fields` they name.
 */
export function applyLineServerErrors<T extends { items: { quantity: unknown }[] }>(
  error: unknown,
  values: T,
  setError: UseFormSetError<T>,
  options: { lineField: RegExp; fields: readonly string[]; lineFields?: readonly string[] },
): void {
  if (!isApiError(error)) return;
  const sent = values.items
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => String(item.quantity).trim() === '' || Number(item.quantity) !== 0);
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (!message) continue;
    const line = options.lineField.exec(field);
    const formIndex = line ? sent[Number(line[1])]?.index : undefined;
    if (formIndex !== undefined) {
      const target = line?.[2] && options.lineFields?.includes(line[2]) ? line[2] : 'quantity';
      setError(`items.${formIndex}.${target}` as FieldPath<T>, { type: 'server', message });
    } else if (options.fields.includes(field)) {
      setError(field as FieldPath<T>, { type: 'server', message });
    }
  }
}

/**
 * The first message of each field a 400 names, for a form that keeps its errors in state; undefined
 * when the failure names no field (the caller toasts it instead).
 */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  if (!isApiError(error) || Object.keys(error.errors).length === 0) return undefined;
  return Object.fromEntries(
    Object.entries(error.errors).map(([field, messages]) => [field, messages[0] ?? '']),
  );
}
