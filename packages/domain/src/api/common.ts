import { z } from 'zod';

export const id = z.number().int().positive();
/** An id as it arrives in a JSON body: a positive integer (strings of digits are accepted too). */
export const idInput = z.coerce
  .number({ error: 'A valid id is required.' })
  .int()
  .positive('A valid id is required.');
export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** A date-time: the server hands Date objects, JSON carries ISO 8601 strings. */
export const timestamp = z.union([z.string(), z.date()]);

/** Optional text that treats '' and whitespace as absent. */
export const optionalText = (max = 500) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.string().trim().max(max, `Ensure this field has no more than ${max} characters.`).optional(),
  );

export const detailResponse = z.object({ detail: z.string() });

export const addressInput = z.object({
  address_line_1: z.string().trim().min(1, 'Address line 1 is required.').max(200),
  address_line_2: optionalText(200),
  landmark: optionalText(200),
  city: z.string().trim().min(1, 'City is required.').max(100),
  state_id: idInput,
  pincode: z.string().regex(/^[1-9][0-9]{5}$/, 'Please enter a valid 6 digit pincode.'),
});

export const addressOutput = z.object({
  id,
  address_type: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  landmark: z.string().nullable(),
  city: z.string(),
  state: z.object({ id, name: z.string(), gst_code: z.string() }),
  pincode: z.string(),
  is_visible: z.boolean(),
});
export type AddressOutput = z.infer<typeof addressOutput>;
