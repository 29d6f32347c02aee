import { type LoginFields, loginFieldErrors } from '@b2b/domain/field-checks';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { visibleFieldError } from '../../components/field-error';
import { PATHS } from '../../session/paths';
import { authApi } from './auth.api';
import { FormError } from './form-error';
import { useSignIn } from './use-sign-in';

type Touched = Partial<Record<keyof LoginFields, boolean>>;

/**
 * The sign-in form. It is the first screen most people load, so it checks its two fields with the
 * domain's zod-free `loginFieldErrors` and plain state rather than the form library and zod the
 * other forms use (issue 18's budget for the login screen's JavaScript); the rules are the same.
 */
export function PasswordLoginForm() {
  const signIn = useSignIn();
  const [values, setValues] = useState<LoginFields>({ username: '', password: '' });
  const [touched, setTouched] = useState<Touched>({});
  const [submitted, setSubmitted] = useState(false);
  const login = useMutation({
    mutationFn: (fields: LoginFields) => authApi.login(fields.username.trim(), fields.password),
    onSuccess: signIn,
  });
  const errors = loginFieldErrors(values);
  const shownError = (name: keyof LoginFields) =>
    visibleFieldError(
      {
        invalid: errors[name] !== undefined,
        isTouched: touched[name] === true,
        isDirty: values[name] !== '',
        error: { message: errors[name] },
      },
      submitted,
    );
  const fieldProps = (name: keyof LoginFields) => ({
    name,
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
    },
    onBlur: () => setTouched((current) => ({ ...current, [name]: true })),
    error: shownError(name),
    withAsterisk: true,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (errors.username === undefined && errors.password === undefined) login.mutate(values);
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <FormError error={login.error} />
        <TextInput {...fieldProps('username')} label="Email or Phone" autoComplete="username" />
        <PasswordInput
          {...fieldProps('password')}
          label="Password"
          autoComplete="current-password"
          visibilityToggleButtonProps={{ 'aria-label': 'Show or hide characters' }}
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
