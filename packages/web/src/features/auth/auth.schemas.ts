import {
  credentialSchema,
  emailSchema,
  fieldsEqualCheck,
  gstinSchema,
  gstinStateCheck,
  loginPasswordSchema,
  MESSAGES,
  optionalField,
  otpSchema,
  passwordSchema,
  personalPasswordCheck,
  personNameSchema,
  phoneSchema,
  pincodeSchema,
  requiredText,
} from '@b2b/domain/validation';
import { z } from 'zod';

export const passwordLoginSchema = z.object({
  username: credentialSchema,
  // Logging in only needs a password (within the one length limit); the strength rule applies
  // when one is chosen.
  password: loginPasswordSchema,
});

export const credentialFormSchema = z.object({ username: credentialSchema });

export const otpFormSchema = z.object({ otp: otpSchema });

export const newPasswordSchema = z
  .object({ new_password: passwordSchema, confirm_password: z.string().min(1, MESSAGES.required) })
  .check(fieldsEqualCheck('new_password', 'confirm_password', MESSAGES.passwords_mismatch));

export const verifySignupSchema = z.object({ email: emailSchema, otp: otpSchema });

export const signupSchema = z
  .object({
    company_name: requiredText('Company name is required.', 200),
    gstin: optionalField(gstinSchema),
    branch_name: requiredText('Branch name is required.', 100),
    state_id: z.string({ error: 'State is required.' }).min(1, 'State is required.'),
    city: requiredText('City is required.', 100),
    address_line_1: requiredText('Address line 1 is required.', 200),
    address_line_2: z.string().max(200).optional(),
    pincode: pincodeSchema,
    first_name: personNameSchema,
    last_name: z.string().trim().max(64).optional(),
    email: emailSchema,
    phone: phoneSchema,
    password: passwordSchema,
  })
  .check(personalPasswordCheck('password'), gstinStateCheck('gstin', 'state_id'));

export type SignupForm = z.input<typeof signupSchema>;
