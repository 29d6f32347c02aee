import { z } from 'zod';
import {
  COURIER_NAME_MAX,
  COURIER_TOKEN_MAX,
  COURIER_URL_MAX,
  courierBaseUrl,
  COURIER_ACCOUNT_MESSAGES as M,
} from '../courier-accounts.ts';
import { requiredText } from '../validation.ts';
import { id, timestamp } from './common.ts';

/** Courier account requests and answers (issue 26). The token goes in, never out. */

const courierName = requiredText(M.name_required, COURIER_NAME_MAX);

const baseUrl = z
  .string({ error: M.url_required })
  .trim()
  .min(1, M.url_required)
  .max(COURIER_URL_MAX, M.url_invalid)
  .transform((value, context) => {
    const url = courierBaseUrl(value);
    if (url === null) {
      context.addIssue({ code: 'custom', message: M.url_invalid });
      return z.NEVER;
    }
    return url;
  });

const apiToken = z
  .string({ error: M.token_required })
  .trim()
  .min(1, M.token_required)
  .max(COURIER_TOKEN_MAX, M.token_too_long);

export const courierAccountCreate = z
  .object({
    courier_name: courierName,
    api_base_url: baseUrl,
    api_token: apiToken,
    is_active: z.boolean().default(true),
  })
  .strict();
export type CourierAccountCreate = z.infer<typeof courierAccountCreate>;
export type CourierAccountCreateBody = z.input<typeof courierAccountCreate>;

/** Any field; a token given replaces the stored one (left out: kept). */
export const courierAccountUpdate = z
  .object({
    courier_name: courierName.optional(),
    api_base_url: baseUrl.optional(),
    api_token: apiToken.optional(),
    is_active: z.boolean().optional(),
  })
  .strict();
export type CourierAccountUpdate = z.infer<typeof courierAccountUpdate>;
export type CourierAccountUpdateBody = z.input<typeof courierAccountUpdate>;

export const courierAccountOutput = z.object({
  id,
  courier_name: z.string(),
  api_base_url: z.string(),
  /** Whether a token is stored; the token itself never leaves the server. */
  has_api_token: z.boolean(),
  is_active: z.boolean(),
  last_checked_at: timestamp.nullable(),
  last_check_ok: z.boolean().nullable(),
  last_check_message: z.string().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CourierAccountOutput = z.infer<typeof courierAccountOutput>;

export const courierCheckOutput = z.object({
  ok: z.boolean(),
  detail: z.string(),
  account: courierAccountOutput,
});
export type CourierCheckOutput = z.infer<typeof courierCheckOutput>;
