import '@mantine/dates/styles.css';
import { type ReferralProgramInput, referralProgramInput } from '@b2b/domain/api/referrals';
import { REFERRAL_REWARD_TYPE_LABELS, REFERRAL_REWARD_TYPES } from '@b2b/domain/referrals';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { DayField } from '../../components/day-field';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import {
  type ReferralProgram,
  referralProgramQuery,
  rewardOfferOptionsQuery,
  useSaveReferralProgram,
} from './referrals.api';

interface RewardValues {
  type: string;
  points: number | string;
  validity_days: number | string;
  offer: string | null;
}

export interface ProgramFormValues {
  is_active: boolean;
  referrer_reward: RewardValues;
  referred_reward: RewardValues;
  min_first_order_value: number | string;
  start_date: string;
  end_date: string;
  code_prefix: string;
}

const rewardValues = (reward: ReferralProgram['referrer_reward']): RewardValues => ({
  type: reward.type,
  points: reward.points ?? '',
  validity_days: reward.validity_days ?? '',
  offer: reward.offer ? String(reward.offer.id) : null,
});

export const programFormValues = (program: ReferralProgram): ProgramFormValues => ({
  is_active: program.is_active,
  referrer_reward: rewardValues(program.referrer_reward),
  referred_reward: rewardValues(program.referred_reward),
  min_first_order_value: program.min_first_order_value,
  start_date: program.start_date ?? '',
  end_date: program.end_date ?? '',
  code_prefix: program.code_prefix ?? '',
});

const SERVER_FIELDS = [
  'referrer_reward.type',
  'referrer_reward.points',
  'referrer_reward.validity_days',
  'referrer_reward.offer',
  'referred_reward.type',
  'referred_reward.points',
  'referred_reward.validity_days',
  'referred_reward.offer',
  'min_first_order_value',
  'start_date',
  'end_date',
  'code_prefix',
] as const;

const TYPE_OPTIONS = REFERRAL_REWARD_TYPES.map((value) => ({
  value,
  label: REFERRAL_REWARD_TYPE_LABELS[value],
}));

function RewardFields({
  control,
  side,
  title,
  offers,
}: {
  control: Control<ProgramFormValues>;
  side: 'referrer_reward' | 'referred_reward';
  title: string;
  offers: { value: string; label: string }[];
}) {
  const type = useWatch({ control, name: `${side}.type` });
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      <SelectField
        control={control}
        name={`${side}.type`}
        label={`${title}: reward`}
        data={TYPE_OPTIONS}
        allowDeselect={false}
      />
      {type === 'cashpoints' && (
        <Group grow align="flex-start">
          <NumberField
            control={control}
            name={`${side}.points`}
            label={`${title}: points`}
            min={0}
            decimalScale={2}
            required
          />
          <NumberField
            control={control}
            name={`${side}.validity_days`}
            label={`${title}: validity (days)`}
            min={1}
            allowDecimal={false}
            required
          />
        </Group>
      )}
      {type === 'coupon' && (
        <SelectField
          control={control}
          name={`${side}.offer`}
          label={`${title}: coupon offer`}
          data={offers}
          searchable
          required
          nothingFoundMessage="No offer yet: create one under Offers"
          description="The offer's shared coupon code is given to the buyer."
        />
      )}
    </Stack>
  );
}

function ProgramForm({ companyId, program }: { companyId: number; program: ReferralProgram }) {
  const save = useSaveReferralProgram(companyId);
  const offers = useQuery(rewardOfferOptionsQuery(companyId));
  const form = useForm<ProgramFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(referralProgramInput as never),
    defaultValues: programFormValues(program),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values as unknown as ReferralProgramInput);
      form.reset(programFormValues(saved));
    } catch (error) {
      applyServerErrors(error, form.setError, SERVER_FIELDS);
    }
  });
  const { control } = form;
  return (
    <form noValidate onSubmit={submit} aria-label="Referral program settings">
      <Stack gap="md">
        <SwitchField control={control} name="is_active" label="Program active" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <RewardFields
            control={control}
            side="referrer_reward"
            title="Referrer"
            offers={offers.data ?? []}
          />
          <RewardFields
            control={control}
            side="referred_reward"
            title="New buyer"
            offers={offers.data ?? []}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
          <NumberField
            control={control}
            name="min_first_order_value"
            label="Minimum first order value (₹)"
            min={0}
            decimalScale={2}
            thousandSeparator=","
          />
          <DayField control={control} name="start_date" label="Start date" clearable />
          <DayField control={control} name="end_date" label="End date" clearable />
          <TextField
            control={control}
            name="code_prefix"
            label="Referral code prefix"
            placeholder="e.g. REF"
            maxLength={6}
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save Program
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The company's referral program: who gets what, on which first order, in which dates. */
export function ReferralProgramCard({ companyId, canChange }: { companyId: number; canChange: boolean }) {
  const program = useQuery(referralProgramQuery(companyId));
  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4" mb="xs">
        Program Settings
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        A buyer shares their referral code; when the new buyer signs up and their first order (not cancelled)
        reaches the minimum value, both get their rewards. Cashpoints are credited to the buyer's sales
        channel and expire after the validity days.
      </Text>
      {program.error && !program.data ? (
        <LoadErrorAlert error={program.error} onRetry={() => program.refetch()} title="Load Error" />
      ) : !program.data ? (
        <Skeleton height={180} aria-label="Loading referral program" />
      ) : canChange ? (
        <ProgramForm key={program.data.updated_at ?? 'new'} companyId={companyId} program={program.data} />
      ) : (
        <ProgramSummary program={program.data} />
      )}
    </Card>
  );
}

const rewardText = (reward: ReferralProgram['referrer_reward']) =>
  reward.type === 'cashpoints'
    ? `${reward.points} cashpoints valid ${reward.validity_days} days`
    : reward.type === 'coupon'
      ? `Coupon ${reward.offer?.coupon_code ?? ''} (${reward.offer?.title ?? ''})`
      : 'No reward';

function ProgramSummary({ program }: { program: ReferralProgram }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Text size="sm">Status: {program.is_active ? 'Active' : 'Inactive'}</Text>
      <Text size="sm">Minimum first order: ₹{program.min_first_order_value}</Text>
      <Text size="sm">Referrer: {rewardText(program.referrer_reward)}</Text>
      <Text size="sm">New buyer: {rewardText(program.referred_reward)}</Text>
    </SimpleGrid>
  );
}
