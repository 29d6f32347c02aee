import { gstinStateId } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Divider, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { storedUtmFields } from '../../app/utm-capture';
import { notifySuccess } from '../../components/notify';
import { PasswordField } from '../../components/password-field';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { PATHS } from '../../session/paths';
import { CityField } from '../reference/city-field';
import { StateSelectField } from '../reference/state-select-field';
import { authApi, type SignupBody } from './auth.api';
import { type SignupForm, signupSchema } from './auth.schemas';
import { AuthCard } from './auth-card';
import { FormError } from './form-error';
import { rememberPendingEmail } from './pending-email';

const FIELDS = [
  'company_name',
  'gstin',
  'branch_name',
  'state_id',
  'city',
  'address_line_1',
  'address_line_2',
  'pincode',
  'first_name',
  'last_name',
  'email',
  'phone',
  'password',
] as const;

const EMPTY: SignupForm = {
  company_name: '',
  gstin: '',
  branch_name: '',
  state_id: '',
  city: '',
  address_line_1: '',
  address_line_2: '',
  pincode: '',
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
};

function Section({ title }: { title: string }) {
  return (
    <Divider
      label={title}
      labelPosition="left"
      mt="xs"
      styles={{ label: { fontWeight: 600, fontSize: 14 } }}
    />
  );
}

/** Sign-up of a new company: the company, its first branch and its admin user. An OTP is e-mailed. */
export function SignupPage() {
  const navigate = useNavigate();
  const form = useForm<SignupForm>({
    mode: 'all',
    resolver: zodResolver(signupSchema),
    defaultValues: EMPTY,
  });
  const stateId = useWatch({ control: form.control, name: 'state_id' });
  const gstin = useWatch({ control: form.control, name: 'gstin' });
  // A GSTIN is issued per state and its first two digits are the state's GST code (the state id):
  // the branch's state follows it, so no invoice prints one state's GSTIN with another state.
  const gstinState = gstinStateId(gstin);
  useEffect(() => {
    if (gstinState === null || form.getValues('state_id') === String(gstinState)) return;
    form.setValue('state_id', String(gstinState), { shouldDirty: true, shouldValidate: true });
  }, [gstinState, form]);
  const signup = useMutation({
    mutationFn: (body: SignupBody) => authApi.signup(body),
    onSuccess: (answer) => {
      notifySuccess(answer.detail);
      rememberPendingEmail(answer.email);
      void navigate({ to: PATHS.signupVerify, search: { email: answer.email } });
    },
    onError: (error) => applyServerErrors(error, form.setError, FIELDS),
  });

  const submit = form.handleSubmit((values) => {
    const parsed = signupSchema.parse(values);
    signup.mutate({
      ...parsed,
      // Where this browser came from (spec 3's tracking parameters), kept on the company.
      ...storedUtmFields(),
      gstin: typeof parsed.gstin === 'string' ? parsed.gstin : undefined,
      state_id: Number(parsed.state_id),
      last_name: parsed.last_name ?? '',
      address_line_2: parsed.address_line_2 || undefined,
    });
  });

  const control = form.control;
  return (
    <AuthCard title="Sign Up" subtitle="Create your company account." width={720}>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <FormError error={signup.error} />
          <Section title="Company" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} name="company_name" label="Company Name" required />
            <TextField
              control={control}
              name="gstin"
              label="GSTIN"
              maxLength={15}
              description="Optional, 15 characters"
            />
          </SimpleGrid>
          <Section title="Branch" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField control={control} name="branch_name" label="Branch Name" required />
            <StateSelectField
              control={control}
              name="state_id"
              label="State"
              required
              readOnly={gstinState !== null}
              description={gstinState !== null ? 'Taken from the GSTIN (its first two digits).' : undefined}
            />
            <CityField
              control={control}
              name="city"
              label="City"
              required
              stateId={stateId ? Number(stateId) : null}
            />
            <TextField
              control={control}
              name="pincode"
              label="Pincode"
              required
              inputMode="numeric"
              maxLength={6}
            />
            <TextField control={control} name="address_line_1" label="Address Line 1" required />
            <TextField control={control} name="address_line_2" label="Address Line 2" />
          </SimpleGrid>
          <Section title="Admin User" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextField
              control={control}
              name="first_name"
              label="First Name"
              required
              autoComplete="given-name"
            />
            <TextField control={control} name="last_name" label="Last Name" autoComplete="family-name" />
            <TextField
              control={control}
              name="email"
              label="Email"
              required
              type="email"
              autoComplete="email"
            />
            <TextField control={control} name="phone" label="Phone" required inputMode="tel" maxLength={10} />
            <PasswordField
              control={control}
              name="password"
              label="Password"
              required
              autoComplete="new-password"
              description="At least 8 characters with letters, numbers and special characters."
            />
          </SimpleGrid>
          <Button type="submit" loading={signup.isPending} mt="sm">
            Sign Up
          </Button>
          <Text size="sm" ta="center">
            Already have an account?{' '}
            <Anchor component={Link} to={PATHS.login}>
              Login
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
