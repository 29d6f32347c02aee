import {
  DEFAULT_LINK_VALID_DAYS,
  LINK_VALID_DAYS_MAX,
  LINK_VALID_DAYS_MIN,
  LOW_RATING_THRESHOLD_MAX,
  LOW_RATING_THRESHOLD_MIN,
} from '@b2b/domain/customer-feedback';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { Column } from '../../components/data-table';
import { DataTable } from '../../components/data-table';
import {
  type FeedbackForm,
  feedbackFormsQuery,
  feedbackSettingsQuery,
  useSaveFeedbackSettings,
} from './customer-feedback.api';
import { FeedbackFormDialog } from './feedback-form-dialog';

const COLUMNS: Column<FeedbackForm>[] = [
  { key: 'title', header: 'Title', render: (f) => <Text fw={500}>{f.title}</Text> },
  { key: 'questions', header: 'Questions', align: 'right', render: (f) => f.questions.length + 1 },
  { key: 'requests', header: 'Sent', align: 'right', render: (f) => f.requests },
  { key: 'answered', header: 'Answered', align: 'right', render: (f) => f.answered },
  {
    key: 'average',
    header: 'Average rating',
    align: 'right',
    render: (f) => (f.average_rating === null ? '—' : f.average_rating.toFixed(2)),
  },
  {
    key: 'active',
    header: 'Status',
    render: (f) => (
      <Badge color={f.is_active ? 'green' : 'gray'} variant="light" radius="sm">
        {f.is_active ? 'Active' : 'Inactive'}
      </Badge>
    ),
  },
];

/** The Forms tab: the company's forms, and when and how requests go out. */
export function FeedbackFormsTab({
  companyId,
  canChange,
  canAdd,
}: {
  companyId: number;
  canChange: boolean;
  canAdd: boolean;
}) {
  const forms = useQuery(feedbackFormsQuery(companyId));
  const [editing, setEditing] = useState<FeedbackForm | 'new' | null>(null);
  return (
    <Stack gap="lg">
      <Card withBorder padding="md">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={3}>Feedback forms</Title>
            {canAdd && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
                Create Form
              </Button>
            )}
          </Group>
          <DataTable
            label="Feedback forms"
            columns={COLUMNS}
            rowKey={(f) => f.id}
            data={forms.data}
            isLoading={forms.isLoading}
            error={forms.error}
            errorTitle="Failed to load feedback forms"
            onRetry={() => forms.refetch()}
            onRowClick={canChange ? (f) => setEditing(f) : undefined}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No feedback form yet. Create one to start asking buyers how you did.
              </Text>
            }
          />
        </Stack>
      </Card>
      <FeedbackSettingsCard companyId={companyId} canChange={canChange} forms={forms.data?.results ?? []} />
      {editing && (
        <FeedbackFormDialog
          companyId={companyId}
          form={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}

function FeedbackSettingsCard({
  companyId,
  canChange,
  forms,
}: {
  companyId: number;
  canChange: boolean;
  forms: FeedbackForm[];
}) {
  const settings = useQuery(feedbackSettingsQuery(companyId));
  const save = useSaveFeedbackSettings(companyId);
  const [threshold, setThreshold] = useState<string | number>(2);
  const [days, setDays] = useState<string | number>(DEFAULT_LINK_VALID_DAYS);
  useEffect(() => {
    if (!settings.data) return;
    setThreshold(settings.data.low_rating_threshold);
    setDays(settings.data.link_valid_days);
  }, [settings.data]);
  if (!settings.data) return <Skeleton height={200} />;
  const s = settings.data;
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Title order={3}>Sending</Title>
        {!s.mail_configured && (
          <Alert color="yellow">
            E-mail is not configured on this server (SMTP_URL), so requests are made and their links shown,
            but nothing is mailed. Copy a request's link from its row to share it.
          </Alert>
        )}
        <Switch
          label="Send a feedback request after delivery"
          description="When a shipment of an invoice is delivered, its buyer is asked once, by e-mail."
          checked={s.send_after_delivery}
          disabled={!canChange || save.isPending}
          onChange={(event) => save.mutate({ send_after_delivery: event.currentTarget.checked })}
        />
        <Switch
          label="Send a feedback request after an in-store sale"
          description="When a counter sale is made to a buyer with an e-mail address or phone number, the buyer is asked once about that invoice (by e-mail when there is an address; otherwise copy the link from the request)."
          checked={s.send_after_instore_sale}
          disabled={!canChange || save.isPending}
          onChange={(event) => save.mutate({ send_after_instore_sale: event.currentTarget.checked })}
        />
        <Select
          label="Form asked"
          description="After delivery, after an in-store sale and by a campaign's {feedback_link}; the newest active form when none is chosen."
          data={forms.filter((f) => f.is_active).map((f) => ({ value: String(f.id), label: f.title }))}
          value={s.default_form === null ? null : String(s.default_form)}
          placeholder="Newest active form"
          clearable
          disabled={!canChange}
          onChange={(value) => save.mutate({ default_form: value === null ? null : Number(value) })}
          w={320}
        />
        <Group align="flex-end">
          <NumberInput
            label="Notify me of ratings at or below"
            min={LOW_RATING_THRESHOLD_MIN}
            max={LOW_RATING_THRESHOLD_MAX}
            value={threshold}
            onChange={setThreshold}
            disabled={!canChange}
            suffix=" stars"
            w={220}
          />
          <NumberInput
            label="Links work for"
            min={LINK_VALID_DAYS_MIN}
            max={LINK_VALID_DAYS_MAX}
            value={days}
            onChange={setDays}
            disabled={!canChange}
            suffix=" days"
            w={160}
          />
          {canChange && (
            <Button
              variant="light"
              loading={save.isPending}
              onClick={() =>
                save.mutate({ low_rating_threshold: Number(threshold), link_valid_days: Number(days) })
              }
            >
              Save
            </Button>
          )}
        </Group>
        <Text size="sm">
          Google review link:{' '}
          {s.google_review_url ? (
            <Anchor href={s.google_review_url} target="_blank" rel="noreferrer">
              {s.google_review_url}
            </Anchor>
          ) : (
            'not set'
          )}{' '}
          ·{' '}
          <Anchor component={Link} to="/google-review-account-verifications">
            Change
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}
