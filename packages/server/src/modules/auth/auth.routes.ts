import {
  loginRequest,
  logoutRequest,
  meResponse,
  otpSentResponse,
  refreshRequest,
  requestLoginOtpRequest,
  requestResetRequest,
  resendSignupOtpRequest,
  resetPasswordRequest,
  resetTokenResponse,
  type Session,
  sessionResponse,
  signupRequest,
  signupResponse,
  validateOtpRequest,
  verifySignupRequest,
} from '@b2b/domain/api/auth';
import { detailResponse } from '@b2b/domain/api/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  clearRefreshCookie,
  madeByBrowser,
  readRefreshCookie,
  setRefreshCookie,
} from '../../auth/refresh-cookie.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import type { AuthLimits } from './auth-context.ts';
import { login, requestLoginOtp, validateLoginOtp } from './login.ts';
import { requestPasswordReset, resetPassword, validateResetOtp } from './password-reset.ts';
import { logout, me, refresh } from './sessions.ts';
import { resendSignupOtp, signup, verifySignup } from './signup.ts';

const tags = ['auth'];
const open = { public: true } as const;

/** Every new session sets the refresh cookie; a browser does not get the token in the body. */
function sendSession(request: FastifyRequest, reply: FastifyReply, session: Session) {
  const { refresh_token, ...rest } = session;
  if (refresh_token) setRefreshCookie(request, reply, refresh_token);
  return madeByBrowser(request) ? rest : session;
}

export async function authRoutes(app: Api, options: { limits?: AuthLimits }) {
  const ctx = { ...app.ctx, limits: options.limits };

  app.post(
    '/auth/signup',
    { config: open, schema: { tags, body: signupRequest, response: { 201: signupResponse } } },
    async (request, reply) => {
      const { email } = await signup(ctx, request.body);
      return reply
        .status(201)
        .send({ detail: 'Company created. Please verify it with the OTP sent to your email.', email });
    },
  );

  app.post(
    '/auth/signup/verify',
    { config: open, schema: { tags, body: verifySignupRequest, response: { 200: sessionResponse } } },
    async (request, reply) =>
      sendSession(request, reply, await verifySignup(ctx, request.body.email, request.body.otp)),
  );

  app.post(
    '/auth/signup/resend_otp',
    { config: open, schema: { tags, body: resendSignupOtpRequest, response: { 200: detailResponse } } },
    async (request) => {
      await resendSignupOtp(ctx, request.body.email);
      return { detail: 'If a sign-up is waiting for this email, a new OTP has been sent to it.' };
    },
  );

  app.post(
    '/admin/auth/login',
    { config: open, schema: { tags, body: loginRequest, response: { 200: sessionResponse } } },
    async (request, reply) =>
      sendSession(
        request,
        reply,
        await login(ctx, {
          username: request.body.username,
          password: request.body.password,
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/admin/auth/request_login_otp',
    { config: open, schema: { tags, body: requestLoginOtpRequest, response: { 200: otpSentResponse } } },
    async (request) => ({
      detail: 'If the account exists, an OTP has been sent to its email.',
      verification_token: await requestLoginOtp(ctx, request.body.username, request.ip),
    }),
  );

  app.post(
    '/auth/validate_login_otp',
    { config: open, schema: { tags, body: validateOtpRequest, response: { 200: sessionResponse } } },
    async (request, reply) =>
      sendSession(
        request,
        reply,
        await validateLoginOtp(ctx, request.body.verification_token, request.body.otp),
      ),
  );

  app.post(
    '/auth/request_reset_password_otp',
    { config: open, schema: { tags, body: requestResetRequest, response: { 200: otpSentResponse } } },
    async (request) => ({
      detail: 'If the account exists, an OTP has been sent to its email.',
      verification_token: await requestPasswordReset(ctx, request.body.username, request.ip),
    }),
  );

  app.post(
    '/auth/validate_reset_password_otp',
    { config: open, schema: { tags, body: validateOtpRequest, response: { 200: resetTokenResponse } } },
    async (request) => ({
      reset_token: await validateResetOtp(ctx, request.body.verification_token, request.body.otp),
    }),
  );

  app.post(
    '/auth/reset_password',
    { config: open, schema: { tags, body: resetPasswordRequest, response: { 200: detailResponse } } },
    async (request) => {
      await resetPassword(ctx, request.body.reset_token, request.body.new_password);
      return { detail: 'Password changed successfully. Please log in with your new password.' };
    },
  );

  app.post(
    '/auth/refresh',
    { config: open, schema: { tags, body: refreshRequest, response: { 200: sessionResponse } } },
    async (request, reply) => {
      const token = request.body?.refresh_token ?? readRefreshCookie(request);
      return sendSession(request, reply, await refresh(ctx, token));
    },
  );

  app.post('/auth/logout', { schema: { tags, body: logoutRequest } }, async (request, reply) => {
    await logout(ctx, requirePrincipal(request));
    clearRefreshCookie(request, reply);
    return reply.status(204).send();
  });

  app.get(
    '/me',
    { config: { cache: true }, schema: { tags, response: { 200: meResponse } } },
    async (request) => me(app.ctx.db, requirePrincipal(request).userId),
  );
}
