import { SKIP_REASON_LABELS, type SkipReason } from '@b2b/domain/campaigns';
import type { CampaignMedium } from '@b2b/domain/statuses';
import { Alert, Anchor, Group, MultiSelect, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PATHS } from '../../session/paths';
import { buyerGroupListQuery } from '../buyer-groups/buyer-groups.api';
import { contactListsQuery } from '../contact-lists/contact-lists.api';
import { marketingConfigurationQuery } from '../marketing-mediums/marketing-mediums.api';
import { salesChannelListQuery } from '../sales-channels/sales-channels.api';
import { templateListQuery } from '../templates/templates.api';
import { isUsableTemplate, mediumLabel } from './campaign-form';
import type { AudiencePreview } from './campaigns.api';

const ALL = { limit: 100, offset: 0 };

/** The medium's templates a campaign may use (active; approved by Meta for WhatsApp). */
export function useUsableTemplates(companyId: number, medium: CampaignMedium) {
  const templates = useQuery(
    templateListQuery(companyId, { ...ALL, medium, is_active: true, ordering: 'name' }),
  );
  const usable = (templates.data?.results ?? []).filter((t) => isUsableTemplate(t, medium));
  return { templates, usable };
}

/** The medium's usable templates and a link to make one. */
export function TemplateSelect({
  companyId,
  medium,
  value,
  onChange,
  error,
}: {
  companyId: number;
  medium: CampaignMedium;
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const { templates, usable } = useUsableTemplates(companyId, medium);
  return (
    <Stack gap={4}>
      <Select
        label="Template"
        withAsterisk
        placeholder={templates.isLoading ? 'Loading templates' : `Choose a ${mediumLabel(medium)} template`}
        searchable
        data={usable.map((t) => ({ value: String(t.id), label: t.name }))}
        value={value}
        onChange={onChange}
        error={error}
        nothingFoundMessage="No template matches"
      />
      {!templates.isLoading && usable.length === 0 && (
        <Text size="sm" c="dimmed">
          No active {mediumLabel(medium)} template
          {medium === 'whatsapp' ? ' approved by Meta' : ''} yet.{' '}
          <Anchor component={Link} to={PATHS.templateManager} size="sm" underline="always">
            Create one in the Template Manager
          </Anchor>
          .
        </Text>
      )}
      {usable.length > 0 && (
        <Anchor component={Link} to={PATHS.templateManager} size="xs">
          Manage templates
        </Anchor>
      )}
    </Stack>
  );
}

/** Who receives it: contact lists (with their counts), buyer groups and a sales channel. */
export function AudienceFields({
  companyId,
  listIds,
  buyerGroupIds,
  salesChannelId,
  onChange,
  error,
}: {
  companyId: number;
  listIds: string[];
  buyerGroupIds: string[];
  salesChannelId: string | null;
  onChange: (change: {
    list_ids?: string[];
    buyer_group_ids?: string[];
    sales_channel_id?: string | null;
  }) => void;
  error?: string;
}) {
  const lists = useQuery(contactListsQuery(companyId, { ...ALL, ordering: 'name' }));
  const groups = useQuery(buyerGroupListQuery(companyId, { ...ALL, ordering: 'name' }));
  const channels = useQuery(salesChannelListQuery);
  return (
    <Stack gap="sm">
      <MultiSelect
        label="Contact lists"
        placeholder={listIds.length ? undefined : 'Choose contact lists'}
        searchable
        data={(lists.data?.results ?? []).map((l) => ({
          value: String(l.id),
          label: `${l.name} (${l.contact_count.toLocaleString('en-IN')})`,
        }))}
        value={listIds}
        onChange={(value) => onChange({ list_ids: value })}
        error={error}
        nothingFoundMessage="No contact list matches"
      />
      <MultiSelect
        label="Buyer groups"
        placeholder={buyerGroupIds.length ? undefined : 'Choose buyer groups'}
        searchable
        data={(groups.data?.results ?? []).map((g) => ({
          value: String(g.id),
          label: `${g.name} (${g.buyer_count.toLocaleString('en-IN')})`,
        }))}
        value={buyerGroupIds}
        onChange={(value) => onChange({ buyer_group_ids: value })}
        nothingFoundMessage="No buyer group matches"
      />
      <Select
        label="Sales channel"
        description="Its buyers' contacts (and, for push, the store's subscribers)"
        placeholder="Any"
        clearable
        data={(channels.data?.results ?? []).map((c) => ({
          value: String(c.id),
          label: c.display_name || c.name,
        }))}
        value={salesChannelId}
        onChange={(value) => onChange({ sales_channel_id: value })}
      />
      {lists.data?.count === 0 && (
        <Text size="sm" c="dimmed">
          No contact list yet.{' '}
          <Anchor component={Link} to={PATHS.contactLists} size="sm" underline="always">
            Create one
          </Anchor>
          .
        </Text>
      )}
    </Stack>
  );
}

/** The medium cannot send: why, and where to set it up. */
export function MediumProblemAlert({ message }: { message: string }) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title="This medium cannot send yet">
      <Text size="sm">{message}</Text>
      <Anchor component={Link} to={PATHS.configureMediums} size="sm">
        Configure Mediums
      </Anchor>
    </Alert>
  );
}

/** Whether the company's medium is set up (the configuration screen's answer), undefined while loading. */
export function useMediumConfigured(companyId: number, medium: CampaignMedium): boolean | undefined {
  const config = useQuery(marketingConfigurationQuery(companyId));
  const row = config.data?.mediums.find((m) => m.medium === medium);
  return config.data ? Boolean(row?.configured) : undefined;
}

/** The live count: audience, who would receive it now, and who is skipped and why. */
export function AudiencePreviewCard({
  preview,
  loading,
  waiting,
}: {
  preview: AudiencePreview | undefined;
  loading: boolean;
  /** Nothing to count yet (no template or audience chosen). */
  waiting: boolean;
}) {
  if (waiting)
    return (
      <Text size="sm" c="dimmed">
        Choose a template and an audience to see who receives the campaign.
      </Text>
    );
  if (!preview) return loading ? <Skeleton height={48} aria-label="Counting the audience" /> : null;
  const skipped = Object.entries(preview.skipped_by_reason).filter(([, n]) => n > 0);
  return (
    <Stack gap="xs" aria-live="polite" aria-busy={loading}>
      <Group gap="md">
        <Group gap={6}>
          <IconUsers size={18} aria-hidden />
          <Text size="sm">
            Audience <b>{preview.audience.toLocaleString('en-IN')}</b>
          </Text>
        </Group>
        <Text size="sm">
          Will receive <b>{preview.sendable.toLocaleString('en-IN')}</b>
        </Text>
        <Text size="sm">
          Skipped <b>{(preview.audience - preview.sendable).toLocaleString('en-IN')}</b>
        </Text>
      </Group>
      {skipped.length > 0 && (
        <Text size="sm" c="dimmed">
          {skipped
            .map(
              ([reason, n]) =>
                `${SKIP_REASON_LABELS[reason as SkipReason] ?? reason}: ${n.toLocaleString('en-IN')}`,
            )
            .join(' · ')}
        </Text>
      )}
    </Stack>
  );
}
