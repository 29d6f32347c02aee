import '@mantine/dates/styles.css';
import {
  CAMPAIGN_MESSAGES,
  filledVariableNames,
  RECURRING_FREQUENCIES,
  type RecurringFrequency,
} from '@b2b/domain/campaigns';
import { CAMPAIGN_MEDIUMS, CAMPAIGN_TYPES, type CampaignType } from '@b2b/domain/statuses';
import { todayInIndia } from '@b2b/domain/validation';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconInfoCircle } from '@tabler/icons-react';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifyFailure, notifyWarning } from '../../components/notify';
import { serverFieldErrors } from '../../components/server-errors';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { VariableInputs } from '../campaigns/campaign-create-page';
import {
  AudienceFields,
  MediumProblemAlert,
  TemplateSelect,
  useMediumConfigured,
  useUsableTemplates,
} from '../campaigns/campaign-fields';
import { mediumLabel, mediumOf } from '../campaigns/campaign-form';
import { newCampaignPath } from '../campaigns/campaign-parts';
import { useCreateRecurring } from './recurring-campaigns.api';
import {
  choosesAudience,
  defaultSettings,
  prefilledRecurring,
  purposeSentence,
  type RecurringFormErrors,
  type RecurringFormValues,
  recurringBody,
  recurringFormErrors,
  settingRules,
} from './recurring-form';

const field = (key: string) =>
  key.startsWith('settings.') || key.startsWith('variables.')
    ? key
    : ['buyer_group_ids', 'sales_channel_id'].includes(key)
      ? 'list_ids'
      : (key.split('.')[0] ?? key);

/** /campaigns/automated-recurring-campaign?campaignMedium=email: a campaign that runs by itself. */
export function RecurringCampaignCreatePage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const search = useSearch({ strict: false }) as {
    campaignMedium?: unknown;
    purpose?: unknown;
    title?: unknown;
  };
  const medium = mediumOf(search.campaignMedium);
  const navigate = useNavigate();
  const today = todayInIndia();
  // ?purpose=payment_reminder&title=...: prefilled by an actionable insight (issue 25).
  const [values, setValues] = useState<RecurringFormValues>(() => prefilledRecurring(today, search));
  const [errors, setErrors] = useState<RecurringFormErrors>({});
  const create = useCreateRecurring(companyId);
  const configured = useMediumConfigured(companyId, medium ?? 'email');
  const { usable } = useUsableTemplates(companyId, medium ?? 'email');

  const change = (next: Partial<RecurringFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    const cleared = Object.keys(next).map(field);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.includes(field(k)))));
  };

  if (!medium) {
    return (
      <Stack gap="lg">
        <Title order={2}>New Recurring Campaign</Title>
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Text>Choose the medium of the recurring campaign.</Text>
            <Group gap="xs">
              {CAMPAIGN_MEDIUMS.map((m) => (
                <Button key={m.value} variant="light" component={Link} to={newCampaignPath(m.value, true)}>
                  {m.label}
                </Button>
              ))}
            </Group>
          </Stack>
        </Card>
      </Stack>
    );
  }

  const template = usable.find((t) => String(t.id) === values.template_id);
  const filled = filledVariableNames({ purpose: values.purpose, recurring: true, campaignValues: {} });
  const missing = (template?.variables ?? []).filter((name) => !filled.has(name));
  const problem = configured === false ? CAMPAIGN_MESSAGES.medium_not_configured(medium) : null;
  const label = mediumLabel(medium);

  const submit = () => {
    const found = recurringFormErrors(values, { today, missingVariables: missing });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (Object.keys(found).some((k) => k.startsWith('variables.')))
        notifyWarning(CAMPAIGN_MESSAGES.missing_inputs);
      return;
    }
    create.mutate(recurringBody(values, medium, missing), {
      onSuccess: (saved) =>
        navigate({
          to: '/recurring-campaigns/$recurringCampaignId',
          params: { recurringCampaignId: String(saved.id) },
        }),
      onError: (error) => {
        const fields = serverFieldErrors(error);
        if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [field(k), m])));
        if (
          !fields ||
          Object.keys(fields).some(
            (k) => !SHOWN.includes(field(k)) && !k.startsWith('settings.') && !k.startsWith('variables.'),
          )
        ) {
          if (!isApiError(error) || error.status !== 403)
            notifyFailure(CAMPAIGN_MESSAGES.create_failed, error);
        }
      },
    });
  };

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={6}>
        <Breadcrumbs separator="›" fz="sm">
          <Anchor component={Link} to={PATHS.recurringCampaigns} size="sm">
            Recurring Campaigns
          </Anchor>
          <Text size="sm" c="dimmed">
            New {label} recurring campaign
          </Text>
        </Breadcrumbs>
        <Title order={2}>New {label} Recurring Campaign</Title>
      </Stack>
      {problem && <MediumProblemAlert message={problem} />}
      <Card withBorder padding="lg" component="section" aria-label="Purpose">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Purpose
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Title"
              withAsterisk
              description="Letters, digits, hyphen, underscore, dot and space"
              value={values.title}
              onChange={(e) => change({ title: e.currentTarget.value })}
              error={errors.title}
              maxLength={200}
            />
            <Select
              label="Purpose"
              allowDeselect={false}
              data={CAMPAIGN_TYPES}
              value={values.purpose}
              onChange={(v) => {
                const purpose = (v as CampaignType) ?? 'payment_reminder';
                change({ purpose, settings: defaultSettings(purpose) });
              }}
            />
          </SimpleGrid>
          <Alert color="blue" icon={<IconInfoCircle size={18} />} title="Who receives it">
            {purposeSentence(values.purpose, values.settings)}
          </Alert>
          {settingRules(values.purpose).length > 0 && (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {settingRules(values.purpose).map(([key, rule]) => (
                <NumberInput
                  key={key}
                  label={rule.label}
                  min={rule.min}
                  max={rule.max}
                  allowDecimal={false}
                  value={values.settings[key] ?? ''}
                  onChange={(v) => change({ settings: { ...values.settings, [key]: v } })}
                  error={errors[`settings.${key}`]}
                />
              ))}
            </SimpleGrid>
          )}
          <TemplateSelect
            companyId={companyId}
            medium={medium}
            value={values.template_id}
            onChange={(v) => change({ template_id: v })}
            error={errors.template_id}
          />
          <VariableInputs
            names={missing}
            values={values.variables}
            errors={errors}
            onChange={(name, value) =>
              setValues((v) => ({ ...v, variables: { ...v.variables, [name]: value } }))
            }
          />
        </Stack>
      </Card>
      {choosesAudience(values.purpose) ? (
        <Card withBorder padding="lg" component="section" aria-label="Audience">
          <Stack gap="sm">
            <Title order={3} size="h4">
              Audience
            </Title>
            <AudienceFields
              companyId={companyId}
              listIds={values.list_ids}
              buyerGroupIds={values.buyer_group_ids}
              salesChannelId={values.sales_channel_id}
              onChange={change}
              error={errors.list_ids}
            />
          </Stack>
        </Card>
      ) : null}
      <Card withBorder padding="lg" component="section" aria-label="Schedule">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Schedule
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Frequency"
              allowDeselect={false}
              data={RECURRING_FREQUENCIES.map((f) => ({ value: f.value, label: f.label }))}
              value={values.frequency}
              onChange={(v) => change({ frequency: (v as RecurringFrequency) ?? 'daily' })}
            />
            <TextInput
              type="time"
              label="Send time (IST)"
              value={values.send_time}
              onChange={(e) => change({ send_time: e.currentTarget.value })}
              error={errors.send_time}
            />
            <DatePickerInput
              label="Start date"
              withAsterisk
              placeholder="DD/MM/YYYY"
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} />}
              minDate={today}
              value={values.start_date}
              onChange={(v) => change({ start_date: v })}
              error={errors.start_date}
            />
            <DatePickerInput
              label="End date"
              placeholder="No end"
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} />}
              clearable
              clearButtonProps={{ 'aria-label': 'Clear End date' }}
              minDate={values.start_date ?? today}
              value={values.end_date}
              onChange={(v) => change({ end_date: v })}
              error={errors.end_date}
            />
          </SimpleGrid>
          {values.frequency === 'on_dates' && (
            <DatePickerInput
              type="multiple"
              label="Run on these dates"
              placeholder="Pick the festival days"
              valueFormat="DD/MM/YYYY"
              leftSection={<IconCalendar size={16} />}
              minDate={today}
              value={values.dates}
              onChange={(v) => change({ dates: v })}
              error={errors.dates}
            />
          )}
          {values.frequency === 'weekly' && values.start_date && (
            <Text size="sm" c="dimmed">
              Runs every week on the start date's weekday.
            </Text>
          )}
          {values.frequency === 'monthly' && values.start_date && (
            <Text size="sm" c="dimmed">
              Runs every month on the start date's day (the month's last day when shorter).
            </Text>
          )}
        </Stack>
      </Card>
      {canPerform(user, 'add_campaign') && (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={PATHS.recurringCampaigns}>
            Cancel
          </Button>
          <Button loading={create.isPending} disabled={Boolean(problem)} onClick={submit}>
            Create Recurring Campaign
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const SHOWN = ['title', 'template_id', 'list_ids', 'start_date', 'end_date', 'dates', 'send_time'];
