import type {
  otpSentResponse,
  resetTokenResponse,
  signupRequest,
  signupResponse,
} from '@b2b/domain/api/auth';
import type { z } from 'zod';
import { api } from '../../api/client';
import type { Detail, Session } from '../../api/types';

export type LoginProvider = 'email' | 'phone';

/** A login credential is an e-mail or a 10-digit mobile number. */
export function providerOf(username: string): LoginProvider {
  return username.includes('@') ? 'email' : 'phone';
}

export type SignupBody = z.input<typeof signupRequest>;
type OtpSent = z.output<typeof otpSentResponse>;

export const authApi = {
  login: (username: string, password: string) =>
    api.post<Session>('admin/auth/login/', { username, password, provider: providerOf(username) }),
  requestLoginOtp: (username: string) =>
    api.post<OtpSent>('admin/auth/request_login_otp/', {
      username,
      provider: providerOf(username),
    }),
  validateLoginOtp: (verification_token: string, otp: string) =>
    api.post<Session>('auth/validate_login_otp/', { verification_token, otp }),
  requestResetOtp: (username: string) =>
    api.post<OtpSent>('auth/request_reset_password_otp/', {
      username,
    }),
  validateResetOtp: (verification_token: string, otp: string) =>
    api.post<z.output<typeof resetTokenResponse>>('auth/validate_reset_password_otp/', {
      verification_token,
      otp,
    }),
  resetPassword: (reset_token: string, new_password: string) =>
    api.post<Detail>('auth/reset_password/', { reset_token, new_password }),
  signup: (body: SignupBody) => api.post<z.output<typeof signupResponse>>('auth/signup/', body),
  verifySignup: (email: string, otp: string) => api.post<Session>('auth/signup/verify/', { email, otp }),
  resendSignupOtp: (email: string) => api.post<Detail>('auth/signup/resend_otp/', { email }),
};
