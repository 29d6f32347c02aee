import {
  BUYER_GROUP_DESCRIPTION_MAX,
  BUYER_GROUP_MESSAGES,
  BUYER_GROUP_NAME_MAX,
} from '@b2b/domain/buyer-groups';
import { formatMoney } from '@b2b/domain/money';
import { humanizeValue } from '@b2b/domain/statuses';
import { requiredText } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Timeline, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { DetailField } from '../../components/detail-field';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { BuyerGroupTypeBadge } from './buyer-group-columns';
import { type BuyerGroup, buyerGroupHistoryQuery, useUpdateBuyerGroup } from './buyer-groups.api';

const schema = z.object({
  name: requiredText(BUYER_GROUP_MESSAGES.name_required, BUYER_GROUP_NAME_MAX),
  description: z.string().max(BUYER_GROUP_DESCRIPTION_MAX),
});
type Values = z.input<typeof schema>;

/** 'Purchases between ₹1,000.00 and ₹10,000.00 in the last 30 days', or null for a static group. */
export function conditionsText(
  group: Pick<BuyerGroup, 'dynamic_group_sale_condition' | 'dynamic_group_time_condition'>,
) {
  const sale = group.dynamic_group_sale_condition;
  const time = group.dynamic_group_time_condition;
  if (!sale || !time) return null;
  const range =
    sale.max_amount === null
      ? `of ${formatMoney(sale.min_amount)} or more`
      : `between ${formatMoney(sale.min_amount)} and ${formatMoney(sale.max_amount)}`;
  return `Purchases ${range} in the last ${time.last_days} ${time.last_days === 1 ? 'day' : 'days'}`;
}

function HistoryCard({ groupId }: { groupId: number }) {
  const history = useQuery(buyerGroupHistoryQuery(groupId));
  let body: React.ReactNode;
  if (history.error && !history.data) {
    body = (
      <LoadErrorAlert
        error={history.error}
        onRetry={() => history.refetch()}
        title="Failed to load history."
      />
    );
  } else if (!history.data) {
    body = <Skeleton height={60} />;
  } else if (history.data.results.length === 0) {
    body = (
      <Text size="sm" c="dimmed">
        No history yet.
      </Text>
    );
  } else {
    body = (
      <Timeline bulletSize={12} lineWidth={2} aria-label="Buyer group history">
        {history.data.results.slice(0, 20).map((entry) => (
          <Timeline.Item key={entry.id} title={humanizeValue(entry.actions.action)}>
            <Text size="xs" c="dimmed">
              {entry.user ? `${entry.user.first_name} ${entry.user.last_name}` : 'System'} ·{' '}
              {dayjs(entry.created_at).format('DD/MM/YYYY, hh:mm A')}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    );
  }
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={5}>History</Title>
        {body}
      </Stack>
    </Card>
  );
}

/** The group's name and description (editable), what kind of group it is, and its history. */
export function BuyerGroupDetailsTab({ group, canChange }: { group: BuyerGroup; canChange: boolean }) {
  const update = useUpdateBuyerGroup(group.id);
  const form = useForm<Values>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    values: { name: group.name, description: group.description ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ name: values.name.trim(), description: values.description.trim() || null });
    } catch (error) {
      applyServerErrors(error, form.setError, ['name', 'description']);
    }
  });

  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <form noValidate onSubmit={submit}>
          <Stack gap="md">
            <TextField
              control={form.control}
              name="name"
              label="Name"
              required
              readOnly={!canChange}
              maxLength={BUYER_GROUP_NAME_MAX}
            />
            <TextareaField
              control={form.control}
              name="description"
              label="Description"
              readOnly={!canChange}
              rows={3}
              maxLength={BUYER_GROUP_DESCRIPTION_MAX}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <DetailField label="Type">
                <BuyerGroupTypeBadge group={group} />
              </DetailField>
              <DetailField label="Buyers">{group.buyer_count}</DetailField>
              <DetailField label="Created On">{dayjs(group.created_at).format('DD/MM/YYYY')}</DetailField>
            </SimpleGrid>
            {group.is_dynamic_group && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <DetailField label="Conditions">{conditionsText(group)}</DetailField>
                <DetailField label="Members Worked Out">
                  {group.evaluated_at ? dayjs(group.evaluated_at).format('DD/MM/YYYY, hh:mm A') : 'Pending'}
                </DetailField>
              </SimpleGrid>
            )}
            {canChange && (
              <Group justify="flex-end">
                <Button type="submit" loading={update.isPending} disabled={!form.formState.isDirty}>
                  Save
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Card>
      <HistoryCard groupId={group.id} />
    </Stack>
  );
}
