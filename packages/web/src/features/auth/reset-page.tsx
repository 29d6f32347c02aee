import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifySuccess } from '../../components/notify';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { PATHS } from '../../session/paths';
import { authApi } from './auth.api';
import { credentialFormSchema, newPasswordSchema, otpFormSchema } from './auth.schemas';
import { AuthCard } from './auth-card';
import { FormError } from './form-error';

type Step =
  | { kind: 'request' }
  | { kind: 'verify'; username: string; token: string }
  | { kind: 'password'; resetToken: string };

function RequestStep({ onSent }: { onSent: (username: string, token: string) => void }) {
  const form = useForm<z.input<typeof credentialFormSchema>>({
    mode: 'all',
    resolver: zodResolver(credentialFormSchema),
    defaultValues: { username: '' },
  });
  const request = useMutation({
    mutationFn: (username: string) => authApi.requestResetOtp(username),
    onSuccess: (answer, username) => {
      notifySuccess(answer.detail);
      onSent(username, answer.verification_token);
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => request.mutate(values.username.trim()))}>
      <Stack gap="md">
        <FormError error={request.error} />
        <TextField
          control={form.control}
          name="username"
          label="Email or Phone"
          required
          autoComplete="username"
        />
        <Button type="submit" loading={request.isPending} fullWidth>
          Send OTP
        </Button>
      </Stack>
    </form>
  );
}

function VerifyStep({
  username,
  token,
  onVerified,
}: {
  username: string;
  token: string;
  onVerified: (t: string) => void;
}) {
  const form = useForm<z.input<typeof otpFormSchema>>({
    mode: 'all',
    resolver: zodResolver(otpFormSchema),
    defaultValues: { otp: '' },
  });
  const verify = useMutation({
    mutationFn: (otp: string) => authApi.validateResetOtp(token, otp),
    onSuccess: (answer) => onVerified(answer.reset_token),
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values.otp))}>
      <Stack gap="md">
        <FormError error={verify.error} />
        <Text size="sm" c="dimmed">
          Enter the 6-digit OTP sent to {username}.
        </Text>
        <TextField
          control={form.control}
          name="otp"
          label="OTP"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          Verify
        </Button>
      </Stack>
    </form>
  );
}

function PasswordStep({ resetToken }: { resetToken: string }) {
  const navigate = useNavigate();
  const form = useForm<z.input<typeof newPasswordSchema>>({
    mode: 'all',
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { new_password: '', confirm_password: '' },
  });
  const reset = useMutation({
    mutationFn: (password: string) => authApi.resetPassword(resetToken, password),
    onSuccess: (answer) => {
      notifySuccess(answer.detail);
      void navigate({ to: PATHS.login });
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => reset.mutate(values.new_password))}>
      <Stack gap="md">
        <FormError error={reset.error} />
        <PasswordField
          control={form.control}
          name="new_password"
          label="New Password"
          required
          autoComplete="new-password"
          description="At least 8 characters with letters, numbers and special characters."
        />
        <PasswordField
          control={form.control}
          name="confirm_password"
          label="Confirm Password"
          required
          autoComplete="new-password"
        />
        <Button type="submit" loading={reset.isPending} fullWidth>
          Reset Password
        </Button>
      </Stack>
    </form>
  );
}

/** Password reset: request an OTP, verify it, then choose a new password. */
export function ResetPage() {
  const [step, setStep] = useState<Step>({ kind: 'request' });
  return (
    <AuthCard title="Reset Password" subtitle="We will send a one-time password to your e-mail or phone.">
      {step.kind === 'request' && (
        <RequestStep onSent={(username, token) => setStep({ kind: 'verify', username, token })} />
      )}
      {step.kind === 'verify' && (
        <VerifyStep
          username={step.username}
          token={step.token}
          onVerified={(resetToken) => setStep({ kind: 'password', resetToken })}
        />
      )}
      {step.kind === 'password' && <PasswordStep resetToken={step.resetToken} />}
      <Text size="sm" ta="center">
        <Anchor component={Link} to={PATHS.login}>
          Back to Login
        </Anchor>
      </Text>
    </AuthCard>
  );
}
