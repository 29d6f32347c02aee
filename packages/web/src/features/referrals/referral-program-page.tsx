import { formatCashpoints } from '@b2b/domain/cashpoints';
import { allowedReferralActions, REFERRAL_STATUSES, type ReferralStatus } from '@b2b/domain/referrals';
import { Anchor, Button, Card, Group, List, MultiSelect, Stack, Text, Title } from '@mantine/core';
import { IconGift, IconLink, IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { ListSearch, useListSearch } from '../../components/list-search';
import { StatusBadge } from '../../components/status-badge';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { buyerPath } from '../../session/paths';
import { LinkBuyerDialog } from './link-buyer-dialog';
import { RecordInviteDialog } from './record-invite-dialog';
import { ReferralProgramCard } from './referral-program-card';
import {
  REFERRAL_TOASTS,
  type Referral,
  type ReferralListParams,
  referralListQueryOptions,
  useCancelReferral,
  useRewardReferral,
} from './referrals.api';

const day = (value: string | null) => (value ? formatDay(value.slice(0, 10)) : '—');

/** What each side was given: points or a coupon code. */
export function rewardsText(referral: Referral): string {
  const side = (points: number | null, code: string | null) =>
    points !== null ? `${formatCashpoints(points)} pts` : code ? `coupon ${code}` : null;
  const referrer = side(referral.referrer_points, referral.referrer_coupon_code);
  const referred = side(referral.referred_points, referral.referred_coupon_code);
  if (!referrer && !referred) return '—';
  return [referrer && `Referrer ${referrer}`, referred && `New buyer ${referred}`]
    .filter(Boolean)
    .join(' · ');
}

function BuyerLink({ buyer }: { buyer: { id: number; name: string } | null }) {
  if (!buyer) return <>—</>;
  return (
    <Anchor component={Link} to={buyerPath(buyer.id)} size="sm">
      {buyer.name}
    </Anchor>
  );
}

type Pending = { kind: 'link' | 'reward' | 'cancel'; referral: Referral } | null;

function columns(canChange: boolean, act: (pending: Pending) => void): Column<Referral>[] {
  const list: Column<Referral>[] = [
    {
      key: 'contact',
      header: 'Invited',
      sortField: 'contact_name',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.contact_name}
          </Text>
          <Text size="xs" c="dimmed">
            {[r.contact_phone, r.contact_email].filter(Boolean).join(' · ')}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      sortField: 'status',
      render: (r) => <StatusBadge options={REFERRAL_STATUSES} value={r.status} />,
    },
    { key: 'referrer', header: 'Referrer', render: (r) => <BuyerLink buyer={r.referrer} /> },
    { key: 'referred', header: 'Referred Buyer', render: (r) => <BuyerLink buyer={r.referred_buyer} /> },
    { key: 'code', header: 'Code', render: (r) => r.referral_code },
    { key: 'order', header: 'First Order', render: (r) => r.order?.order_number ?? '—' },
    { key: 'rewards', header: 'Rewards', render: (r) => rewardsText(r) },
    {
      key: 'invited_at',
      header: 'Invited On',
      sortField: 'invited_at',
      sortFirst: 'descending',
      render: (r) => day(r.invited_at),
    },
    {
      key: 'rewarded_at',
      header: 'Rewarded On',
      sortField: 'rewarded_at',
      sortFirst: 'descending',
      render: (r) => day(r.rewarded_at),
    },
  ];
  if (!canChange) return list;
  return [
    ...list,
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => {
        const allowed = allowedReferralActions(r.status as ReferralStatus);
        const label = `${r.contact_name} (${r.referral_code})`;
        return (
          <Group gap={4} wrap="nowrap">
            {allowed.includes('link_buyer') && (
              <Button
                size="compact-xs"
                variant="light"
                leftSection={<IconLink size={12} />}
                aria-label={`Link buyer for ${label}`}
                onClick={() => act({ kind: 'link', referral: r })}
              >
                Link Buyer
              </Button>
            )}
            {allowed.includes('reward') && (
              <Button
                size="compact-xs"
                variant="light"
                color="green"
                leftSection={<IconGift size={12} />}
                aria-label={`Reward ${label}`}
                onClick={() => act({ kind: 'reward', referral: r })}
              >
                Reward
              </Button>
            )}
            {allowed.includes('cancel') && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="red"
                leftSection={<IconX size={12} />}
                aria-label={`Cancel referral of ${label}`}
                onClick={() => act({ kind: 'cancel', referral: r })}
              >
                Cancel
              </Button>
            )}
          </Group>
        );
      },
    },
  ];
}

const NO_FILTERS = { status: [] as string[] };

/** The empty state: how referrals work, for a company that has none yet. */
function HowReferralsWork() {
  return (
    <Stack gap="xs" py="lg" px="md" align="center">
      <Text fw={600}>No referrals yet</Text>
      <List size="sm" type="ordered" spacing={4}>
        <List.Item>A buyer shares their referral code (shown on the buyer's page).</List.Item>
        <List.Item>Record the invite here with the person they invited.</List.Item>
        <List.Item>When that person signs up, link them as the new buyer.</List.Item>
        <List.Item>
          Their first order at or above the minimum value gives both buyers their rewards, at once.
        </List.Item>
      </List>
    </Stack>
  );
}

function ReferralsSection({
  companyId,
  canAdd,
  canChange,
}: {
  companyId: number;
  canAdd: boolean;
  canChange: boolean;
}) {
  const list = useUrlListParams({ ordering: '-created_at' });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_FILTERS);
  const params: ReferralListParams = {
    ...list.params,
    status__in: filters.status.length > 0 ? filters.status.join(',') : undefined,
  };
  const referrals = useQuery(referralListQueryOptions(companyId, params));
  const filtered = list.params.search !== '' || filters.status.length > 0;
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending>(null);
  const reward = useRewardReferral();
  const cancel = useCancelReferral();
  const confirm = async () => {
    if (!pending) return;
    try {
      if (pending.kind === 'reward') await reward.mutateAsync(pending.referral.id);
      else await cancel.mutateAsync(pending.referral.id);
      setPending(null);
    } catch {
      // The toast says why; the dialog stays open.
    }
  };

  return (
    <Card withBorder padding="lg">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h4">
          Referrals
        </Title>
        {canAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setInviting(true)}>
            Record Invite
          </Button>
        )}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap" mb="md">
        <ListSearch search={search} placeholder="Contact, code or referrer" />
        <MultiSelect
          label="Status"
          placeholder={filters.status.length ? undefined : 'All'}
          data={REFERRAL_STATUSES.map(({ value, label }) => ({ value, label }))}
          value={filters.status}
          onChange={(status) => setFilters({ status })}
          clearable
          w={240}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <DataTable
        label="Referrals"
        columns={columns(canChange, setPending)}
        rowKey={(r) => r.id}
        {...listTableProps(list, referrals)}
        errorTitle={REFERRAL_TOASTS.list_load_failed}
        minWidth={1000}
        empty={
          filtered ? (
            <Text c="dimmed" ta="center" py="xl">
              No referral matches the search or the filters.
            </Text>
          ) : (
            <HowReferralsWork />
          )
        }
      />
      {inviting && <RecordInviteDialog companyId={companyId} onClose={() => setInviting(false)} />}
      {pending?.kind === 'link' && (
        <LinkBuyerDialog companyId={companyId} referral={pending.referral} onClose={() => setPending(null)} />
      )}
      <ConfirmDialog
        opened={pending?.kind === 'reward' || pending?.kind === 'cancel'}
        title={pending?.kind === 'reward' ? 'Give Rewards' : 'Cancel Referral'}
        message={
          pending?.kind === 'reward'
            ? `Give the program's rewards for ${pending.referral.contact_name} now? Cashpoints are credited at once and this cannot be undone.`
            : `Cancel the referral of ${pending?.referral.contact_name ?? ''}? No reward will be given for it.`
        }
        confirmLabel={pending?.kind === 'reward' ? 'Give Rewards' : 'Cancel Referral'}
        color={pending?.kind === 'reward' ? 'green' : 'red'}
        loading={reward.isPending || cancel.isPending}
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </Card>
  );
}

/** /referral-program: the company's program settings and the referrals its buyers made. */
export function ReferralProgramPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Referral Program
      </Title>
      <ReferralProgramCard companyId={companyId} canChange={canPerform(user, 'change_referral_program')} />
      <ReferralsSection
        companyId={companyId}
        canAdd={canPerform(user, 'add_referral_program')}
        canChange={canPerform(user, 'change_referral_program')}
      />
    </Stack>
  );
}
