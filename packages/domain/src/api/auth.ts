import { z } from 'zod';
import { UTM_PARAMETERS, UTM_TEXT_MAX, type UtmParameter } from '../utm.ts';
import {
  credentialSchema,
  emailSchema,
  gstinSchema,
  gstinStateCheck,
  loginPasswordSchema,
  otpSchema,
  passwordSchema,
  personalPasswordCheck,
  personNameSchema,
  phoneSchema,
  pincodeSchema,
} from '../validation.ts';
import { id, idInput, optionalText } from './common.ts';

export const loginRequest = z.object({
  username: credentialSchema,
  password: loginPasswordSchema,
  provider: z.enum(['email', 'phone']).optional(),
});

/**
 * The tracking parameters the sign-up page was opened with (utm.ts: each key's unique values,
 * comma-joined), kept on the company for attribution; blank means none.
 */
const utmSignupFields = Object.fromEntries(
  UTM_PARAMETERS.map((key) => [key, optionalText(UTM_TEXT_MAX)]),
) as Record<UtmParameter, ReturnType<typeof optionalText>>;

const optionalGstin = z.preprocess((v) => (v === '' || v === null ? undefined : v), gstinSchema.optional());

export const signupRequest = z
  .object({
    company_name: z.string().trim().min(2, 'Company name is required.').max(200),
    first_name: personNameSchema,
    last_name: z.preprocess((v) => v ?? '', z.string().trim().max(64)),
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
    gstin: optionalGstin,
    branch_name: z.string().trim().min(2, 'Branch name is required.').max(100),
    state_id: idInput,
    city: z.string().trim().min(1, 'City is required.').max(100),
    address_line_1: z.string().trim().min(1, 'Address line 1 is required.').max(200),
    address_line_2: optionalText(200),
    pincode: pincodeSchema,
    ...utmSignupFields,
  })
  .check(personalPasswordCheck('password'), gstinStateCheck('gstin', 'state_id'));
export type SignupRequest = z.infer<typeof signupRequest>;

export const verifySignupRequest = z.object({ email: emailSchema, otp: otpSchema });
export const resendSignupOtpRequest = z.object({ email: emailSchema });
export const requestLoginOtpRequest = z.object({
  username: credentialSchema,
  provider: z.enum(['email', 'phone']).optional(),
});
export const validateOtpRequest = z.object({
  verification_token: z.string().min(10, 'Invalid verification token.').max(200),
  otp: otpSchema,
});
export const requestResetRequest = z.object({ username: credentialSchema });
export const resetPasswordRequest = z.object({
  reset_token: z.string().min(10, 'Invalid reset token.').max(200),
  new_password: passwordSchema,
});
/** A browser sends no token: its refresh token comes in the HttpOnly cookie. */
export const refreshRequest = z.object({ refresh_token: z.string().min(10).max(200).optional() }).optional();
export const logoutRequest = z.object({ refresh_token: z.string().max(200).optional() }).optional();

export const otpSentResponse = z.object({ detail: z.string(), verification_token: z.string() });
export const signupResponse = z.object({ detail: z.string(), email: z.string() });
export const resetTokenResponse = z.object({ reset_token: z.string() });

export const sessionCompany = z.object({
  id,
  name: z.string(),
  is_verified: z.boolean(),
  is_marketing_enabled: z.boolean(),
});
export const sessionBranch = z.object({ id, name: z.string(), is_active: z.boolean() });

export const meResponse = z.object({
  id,
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  company: sessionCompany,
  branches: z.array(sessionBranch),
  role: z.object({ id, display_name: z.string() }),
  access_permissions: z.object({
    navigation: z.union([z.literal('all'), z.array(z.string())]),
    permissions: z.array(z.string()),
  }),
});
export type Me = z.infer<typeof meResponse>;

export const sessionResponse = z.object({
  access_token: z.string(),
  /** For API clients; a browser gets the refresh token only as an HttpOnly cookie. */
  refresh_token: z.string().optional(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
  user: meResponse,
  company: sessionCompany,
  branches: z.array(sessionBranch),
});
export type Session = z.infer<typeof sessionResponse>;

export { idInput };
