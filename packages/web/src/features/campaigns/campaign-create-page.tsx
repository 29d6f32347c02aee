import '@mantine/dates/styles.css';
import { CAMPAIGN_MESSAGES } from '@b2b/domain/campaigns';
import { CAMPAIGN_MEDIUMS, CAMPAIGN_TYPES, type CampaignType } from '@b2b/domain/statuses';
import { todayInIndia } from '@b2b/domain/validation';
import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Card,
  Group,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { notifyFailure, notifyWarning } from '../../components/notify';
import { serverFieldErrors } from '../../components/server-errors';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import {
  AudienceFields,
  AudiencePreviewCard,
  MediumProblemAlert,
  TemplateSelect,
  useMediumConfigured,
} from './campaign-fields';
import {
  type CampaignFormErrors,
  type CampaignFormValues,
  campaignBody,
  campaignFormErrors,
  EMPTY_CAMPAIGN,
  formFieldOf,
  mediumLabel,
  mediumOf,
  previewBody,
} from './campaign-form';
import { newCampaignPath } from './campaign-parts';
import { audiencePreviewQuery, useCreateCampaign } from './campaigns.api';

/** Inputs for the template's variables nothing fills: one value for the whole campaign. */
export function VariableInputs({
  names,
  values,
  errors,
  onChange,
}: {
  names: readonly string[];
  values: Record<string, string>;
  errors: CampaignFormErrors;
  onChange: (name: string, value: string) => void;
}) {
  if (names.length === 0) return null;
  return (
    <Stack gap="sm">
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert">
        {CAMPAIGN_MESSAGES.missing_inputs}
      </Alert>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {names.map((name) => (
          <TextInput
            key={name}
            label={`{${name}}`}
            description="The same value for every recipient"
            withAsterisk
            value={values[name] ?? ''}
            onChange={(e) => onChange(name, e.currentTarget.value)}
            error={errors[`variables.${name}`]}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /campaigns/one-time-campaign?campaignMedium=email: a one-time campaign of one medium. */
export function CampaignCreatePage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const search = useSearch({ strict: false }) as { campaignMedium?: unknown; title?: unknown };
  const medium = mediumOf(search.campaignMedium);
  const navigate = useNavigate();
  // ?title=...: prefilled by an actionable insight (issue 25).
  const [values, setValues] = useState<CampaignFormValues>(() => ({
    ...EMPTY_CAMPAIGN,
    title: typeof search.title === 'string' ? search.title.slice(0, 200) : '',
  }));
  const [errors, setErrors] = useState<CampaignFormErrors>({});
  const create = useCreateCampaign(companyId);
  const configured = useMediumConfigured(companyId, medium ?? 'email');

  const change = (next: Partial<CampaignFormValues>) => {
    setValues((v) => ({ ...v, ...next }));
    const cleared = Object.keys(next).map(formFieldOf);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !cleared.includes(k))));
  };

  // The preview counts the audience; variables are left out of its key until typed (debounced).
  const [previewValues] = useDebouncedValue(values, 400);
  const previewRequest = useMemo(
    () => (medium ? previewBody({ ...previewValues, variables: {} }, medium, []) : null),
    [previewValues, medium],
  );
  const preview = useQuery({
    ...audiencePreviewQuery(companyId, previewRequest ?? {}),
    enabled: previewRequest !== null,
  });
  const missing = previewRequest ? (preview.data?.missing_variables ?? []) : [];
  const mediumProblem =
    (previewRequest ? preview.data?.medium_problem : null) ??
    (configured === false && medium ? CAMPAIGN_MESSAGES.medium_not_configured(medium) : null);

  if (!medium) {
    return (
      <Stack gap="lg">
        <Title order={2}>New Campaign</Title>
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Text>Choose the medium of the campaign.</Text>
            <Group gap="xs">
              {CAMPAIGN_MEDIUMS.map((m) => (
                <Button key={m.value} variant="light" component={Link} to={newCampaignPath(m.value)}>
                  {m.label}
                </Button>
              ))}
            </Group>
          </Stack>
        </Card>
      </Stack>
    );
  }

  const submit = (run: boolean) => {
    const found = campaignFormErrors(values, { now: new Date(), missingVariables: missing });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      if (Object.keys(found).some((k) => k.startsWith('variables.')))
        notifyWarning(CAMPAIGN_MESSAGES.missing_inputs);
      return;
    }
    create.mutate(
      { body: campaignBody(values, medium, missing), run },
      {
        onSuccess: ({ campaign }) =>
          navigate({ to: '/campaigns/$campaignId', params: { campaignId: String(campaign.id) } }),
        onError: (error) => {
          const fields = serverFieldErrors(error);
          if (fields) {
            setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [formFieldOf(k), m])));
            const shown = ['title', 'template_id', 'list_ids', 'scheduled_at', 'campaign_type'];
            if (
              Object.keys(fields).some((k) => !shown.includes(formFieldOf(k)) && !k.startsWith('variables.'))
            )
              notifyFailure(CAMPAIGN_MESSAGES.create_failed, error);
          } else if (!isApiError(error) || error.status !== 403) {
            notifyFailure(CAMPAIGN_MESSAGES.create_failed, error);
          }
        },
      },
    );
  };

  const canAdd = canPerform(user, 'add_campaign');
  const label = mediumLabel(medium);

  return (
    <Stack gap="lg" maw={880}>
      <Stack gap={6}>
        <Breadcrumbs separator="›" fz="sm">
          <Anchor component={Link} to={PATHS.campaigns} size="sm">
            Campaigns
          </Anchor>
          <Text size="sm" c="dimmed">
            New {label} campaign
          </Text>
        </Breadcrumbs>
        <Title order={2}>New {label} Campaign</Title>
      </Stack>
      {mediumProblem && <MediumProblemAlert message={mediumProblem} />}
      <Card withBorder padding="lg" component="section" aria-label="Campaign details">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Details
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
              label="Type"
              allowDeselect={false}
              data={CAMPAIGN_TYPES.filter((t) => t.value === 'promotional' || t.value === 'festival_offers')}
              value={values.campaign_type}
              onChange={(v) => change({ campaign_type: (v as CampaignType) ?? 'promotional' })}
              error={errors.campaign_type}
            />
          </SimpleGrid>
          <TemplateSelect
            companyId={companyId}
            medium={medium}
            value={values.template_id}
            onChange={(v) => change({ template_id: v })}
            error={errors.template_id}
          />
        </Stack>
      </Card>
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
          <AudiencePreviewCard
            preview={preview.data}
            loading={preview.isFetching}
            waiting={previewRequest === null}
          />
          {preview.isError && (
            <Text size="sm" c="red">
              The audience could not be counted: {preview.error.message}
            </Text>
          )}
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
      <Card withBorder padding="lg" component="section" aria-label="Schedule">
        <Stack gap="sm">
          <Title order={3} size="h4">
            Schedule
          </Title>
          <Radio.Group
            label="When to send"
            value={values.when}
            onChange={(v) => change({ when: v === 'later' ? 'later' : 'now' })}
          >
            <Group gap="lg" mt={6}>
              <Radio value="now" label="Send when run" />
              <Radio value="later" label="Schedule for a date and time" />
            </Group>
          </Radio.Group>
          {values.when === 'later' && (
            <Group align="flex-start" gap="sm">
              <DatePickerInput
                label="Date"
                placeholder="DD/MM/YYYY"
                valueFormat="DD/MM/YYYY"
                leftSection={<IconCalendar size={16} />}
                minDate={todayInIndia()}
                value={values.schedule_date}
                onChange={(v) => change({ schedule_date: v })}
                error={errors.scheduled_at}
                w={180}
              />
              <TextInput
                type="time"
                label="Time (IST)"
                value={values.schedule_time}
                onChange={(e) => change({ schedule_time: e.currentTarget.value })}
                w={140}
              />
            </Group>
          )}
        </Stack>
      </Card>
      {canAdd && (
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to={PATHS.campaigns}>
            Cancel
          </Button>
          <Button
            variant="light"
            loading={create.isPending && !create.variables?.run}
            disabled={create.isPending}
            onClick={() => submit(false)}
          >
            Save as draft
          </Button>
          <Button
            loading={create.isPending && create.variables?.run}
            disabled={create.isPending || Boolean(mediumProblem)}
            onClick={() => submit(true)}
          >
            {values.when === 'later' ? 'Create and schedule' : 'Create and run'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
