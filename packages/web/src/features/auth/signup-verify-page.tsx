import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { TextField } from '../../components/text-field';
import { PATHS } from '../../session/paths';
import { authApi } from './auth.api';
import { verifySignupSchema } from './auth.schemas';
import { AuthCard } from './auth-card';
import { FormError } from './form-error';
import { pendingEmail, rememberPendingEmail } from './pending-email';
import { useCooldown } from './use-cooldown';
import { useSignIn } from './use-sign-in';

const RESEND_COOLDOWN_SECONDS = 30;

type Values = z.input<typeof verifySignupSchema>;

/**
 * Verification of a new company's e-mail with the 6-digit OTP. The e-mail comes from ?email=
 * (sign-up step, login answer 1013) or from this tab's pending sign-up; with ?resend=true a fresh
 * OTP is requested on arrival, since the one sent at sign-up may have expired.
 */
export function SignupVerifyPage() {
  const search = useSearch({ strict: false }) as { email?: unknown; resend?: unknown };
  const initialEmail = typeof search.email === 'string' && search.email ? search.email : pendingEmail();
  const signIn = useSignIn();
  const cooldown = useCooldown(RESEND_COOLDOWN_SECONDS);
  const form = useForm<Values>({
    mode: 'all',
    resolver: zodResolver(verifySignupSchema),
    defaultValues: { email: initialEmail, otp: '' },
  });

  const resend = useMutation({
    mutationFn: (email: string) => authApi.resendSignupOtp(email),
    onMutate: () => cooldown.start(),
    onSuccess: (answer, email) => {
      rememberPendingEmail(email);
      notifySuccess(answer.detail);
    },
    onError: (error) => notifyFailure('Failed to send OTP.', error),
  });
  const verify = useMutation({
    mutationFn: (values: Values) => authApi.verifySignup(values.email.trim(), values.otp),
    onSuccess: signIn,
  });

  const autoResent = useRef(false);
  useEffect(() => {
    const wantsResend = search.resend === true || search.resend === 'true';
    if (wantsResend && initialEmail && !autoResent.current) {
      autoResent.current = true;
      resend.mutate(initialEmail);
    }
  }, [search.resend, initialEmail, resend]);

  const resendNow = async () => {
    if (await form.trigger('email')) resend.mutate(form.getValues('email').trim());
  };

  return (
    <AuthCard
      title="Verify your e-mail"
      subtitle="Enter the 6-digit OTP we e-mailed to complete your sign-up."
    >
      <form noValidate onSubmit={form.handleSubmit((values) => verify.mutate(values))}>
        <Stack gap="md">
          <FormError error={verify.error} />
          <TextField
            control={form.control}
            name="email"
            label="Email"
            required
            type="email"
            readOnly={Boolean(initialEmail)}
            autoComplete="email"
          />
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
          <Button
            variant="subtle"
            onClick={resendNow}
            disabled={cooldown.left > 0}
            loading={resend.isPending}
          >
            {cooldown.left > 0 ? `Resend OTP in ${cooldown.left}s` : 'Resend OTP'}
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to={PATHS.login}>
              Back to Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
