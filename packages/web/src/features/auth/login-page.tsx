import { Anchor, Button, Divider, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PATHS } from '../../session/paths';
import { AuthCard } from './auth-card';
import { OtpLoginForm } from './otp-login-form';
import { PasswordLoginForm } from './password-login-form';

export function LoginPage() {
  const [withOtp, setWithOtp] = useState(false);
  return (
    <AuthCard title="Login" subtitle="Sign in to manage your business.">
      {withOtp ? <OtpLoginForm /> : <PasswordLoginForm />}
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
