import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifySuccess } from '../../components/notify';
import { TextField } from '../../components/text-field';
import { authApi } from './auth.api';
import { credentialFormSchema, otpFormSchema } from './auth.schemas';
import { FormError } from './form-error';
import { useSignIn } from './use-sign-in';

type CredentialValues = z.input<typeof credentialFormSchema>;
type OtpValues = z.input<typeof otpFormSchema>;

/** Login with a one-time password: request it for an e-mail or phone, then verify the 6 digits. */
export function OtpLoginForm() {
  const signIn = useSignIn();
  const [sent, setSent] = useState<{ username: string; token: string } | null>(null);
  const credentialForm = useForm<CredentialValues>({
    mode: 'all',
    resolver: zodResolver(credentialFormSchema),
    defaultValues: { username: '' },
  });
  const otpForm = useForm<OtpValues>({
    mode: 'all',
    resolver: zodResolver(otpFormSchema),
    defaultValues: { otp: '' },
  });

  const requestOtp = useMutation({
    mutationFn: (username: string) => authApi.requestLoginOtp(username),
    onSuccess: (answer, username) => {
      setSent({ username, token: answer.verification_token });
      notifySuccess(answer.detail);
    },
  });
  const verifyOtp = useMutation({
    mutationFn: (values: OtpValues) => authApi.validateLoginOtp(sent?.token ?? '', values.otp),
    onSuccess: signIn,
  });

  if (!sent) {
    return (
      <form
        noValidate
        onSubmit={credentialForm.handleSubmit((values) => requestOtp.mutate(values.username.trim()))}
      >
        <Stack gap="md">
          <FormError error={requestOtp.error} />
          <TextField
            control={credentialForm.control}
            name="username"
            label="Email or Phone"
            required
            autoComplete="username"
          />
          <Button type="submit" loading={requestOtp.isPending} fullWidth>
            Send OTP
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form noValidate onSubmit={otpForm.handleSubmit((values) => verifyOtp.mutate(values))}>
      <Stack gap="md">
        <FormError error={verifyOtp.error ?? requestOtp.error} />
        <Text size="sm" c="dimmed">
          Enter the 6-digit OTP sent to {sent.username}.
        </Text>
        <TextField
          control={otpForm.control}
          name="otp"
          label="OTP"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
        />
        <Button type="submit" loading={verifyOtp.isPending} fullWidth>
          Verify
        </Button>
        <Button
          variant="subtle"
          loading={requestOtp.isPending}
          onClick={() => requestOtp.mutate(sent.username)}
        >
          Resend OTP
        </Button>
      </Stack>
    </form>
  );
}
