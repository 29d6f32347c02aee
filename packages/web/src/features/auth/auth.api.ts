import { api } from '../../api/client';
import type { Session } from '../../api/types';

export type LoginProvider = 'email' | 'phone';

/** A login credential is an e-mail or a 10-digit mobile number. */
export function providerOf(username: string): LoginProvider {
  return username.includes('@') ? 'email' : 'phone';
}

export interface SignupBody {
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  password: string;
  gstin?: string;
  branch_name: string;
  state_id: number;
  city: string;
  address_line_1: string;
  address_line_2?: string;
  pincode: string;
}

export const authApi = {
  login: (username: string, password: string) =>
    api.post<Session>('admin/auth/login/', { username, password, provider: providerOf(username) }),
  requestLoginOtp: (username: string) =>
    api.post<{ detail: string; verification_token: string }>('admin/auth/request_login_otp/', {
      username,
      provider: providerOf(username),
    }),
  validateLoginOtp: (verification_token: string, otp: string) =>
    api.post<Session>('auth/validate_login_otp/', { verification_token, otp }),
  requestResetOtp: (username: string) =>
    api.post<{ detail: string; verification_token: string }>('auth/request_reset_password_otp/', {
      username,
    }),
  validateResetOtp: (verification_token: string, otp: string) =>
    api.post<{ reset_token: string }>('auth/validate_reset_password_otp/', { verification_token, otp }),
  resetPassword: (reset_token: string, new_password: string) =>
    api.post<{ detail: string }>('auth/reset_password/', { reset_token, new_password }),
  signup: (body: SignupBody) => api.post<{ detail: string; email: string }>('auth/signup/', body),
  verifySignup: (email: string, otp: string) => api.post<Session>('auth/signup/verify/', { email, otp }),
  resendSignupOtp: (email: string) => api.post<{ detail: string }>('auth/signup/resend_otp/', { email }),
};
