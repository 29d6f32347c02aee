/**
 * PAN (Permanent Account Number): five letters, four digits, a letter (AAAAA9999A). A PAN has no
 * check character, so its shape is all that can be checked. The fourth letter names the kind of
 * holder (P person, C company, F firm...), but the list has grown over the years and a GSTIN's
 * check accepts any letter there, so neither does this.
 */
export const PAN_PATTERN = /^[A-Z]{5}\d{4}[A-Z]$/;

export const PAN_MESSAGE = 'Please enter a valid PAN (for example AAAAA9999A).';
export const PAN_GSTIN_MISMATCH = 'The PAN does not match the PAN inside the GST number.';

/** Case and surrounding spaces are ignored; store the upper-cased, trimmed value. */
export function isValidPan(value: string | null | undefined): boolean {
  return typeof value === 'string' && PAN_PATTERN.test(value.trim().toUpperCase());
}
