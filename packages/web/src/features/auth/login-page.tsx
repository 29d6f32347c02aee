import { Anchor, Button, Divider, Loader, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { PATHS } from '../../session/paths';
import { AuthCard } from './auth-card';
import { PasswordLoginForm } from './password-login-form';

// Loaded when asked for: most sign-ins use the password, and the OTP form brings the form library.
const OtpLoginForm = lazy(() => import('./otp-login-form').then((m) => ({ default: m.OtpLoginForm })));

export function LoginPage() {
  const [withOtp, setWithOtp] = useState(false);
  return (
    <AuthCard title="Login" subtitle="Sign in to manage your business.">
      {withOtp ? (
        <Suspense fallback={<Loader size="sm" mx="auto" aria-label="Loading" />}>
          <OtpLoginForm />
        </Suspense>
      ) : (
        <PasswordLoginForm />
      )}
      <Divider label="or" labelPosition="center" />
      <Button variant="default" onClick={() => setWithOtp((current) => !current)}>
        {withOtp ? 'Sign in with password' : 'Sign in with OTP'}
      </Button>
      <Text size="sm" ta="center">
        New here?{' '}
        <Anchor component={Link} to={PATHS.signup}>
          Sign Up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
