import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PasswordField } from '../../components/password-field';
import { TextField } from '../../components/text-field';
import { PATHS } from '../../session/paths';
import { authApi } from './auth.api';
import { passwordLoginSchema } from './auth.schemas';
import { FormError } from './form-error';
import { useSignIn } from './use-sign-in';

type Values = z.input<typeof passwordLoginSchema>;

export function PasswordLoginForm() {
  const signIn = useSignIn();
  const form = useForm<Values>({
    mode: 'all',
    resolver: zodResolver(passwordLoginSchema),
    defaultValues: { username: '', password: '' },
  });
  const login = useMutation({
    mutationFn: (values: Values) => authApi.login(values.username.trim(), values.password),
    onSuccess: signIn,
  });

  return (
    <form noValidate onSubmit={form.handleSubmit((values) => login.mutate(values))}>
      <Stack gap="md">
        <FormError error={login.error} />
        <TextField
          control={form.control}
          name="username"
          label="Email or Phone"
          required
          autoComplete="username"
        />
        <PasswordField
          control={form.control}
          name="password"
          label="Password"
          required
          autoComplete="current-password"
        />
        <Group justify="flex-end">
          <Anchor component={Link} to={PATHS.reset} size="sm">
            Forgot Password?
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth>
          Login
        </Button>
      </Stack>
    </form>
  );
}
