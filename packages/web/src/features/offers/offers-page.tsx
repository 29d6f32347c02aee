import {
  COUPON_MODE_LABELS,
  OFFER_STATUS_LABELS,
  OFFER_STATUSES,
  type OfferStatus,
} from '@b2b/domain/api/offers';
import { Anchor, Button, Card, EmptyState, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconDiscount2, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type Column, DataTable } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { CollapsibleFilters } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { Money } from '../../components/money';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { OFFER_KINDS_SCREENS, type OfferKindScreens, OfferStatusBadge } from './offer-kinds';
import {
  OFFER_DEFAULT_ORDERING,
  OFFER_TOASTS,
  type Offer,
  type OfferKind,
  type OfferListParams,
  offerListQuery,
} from './offers.api';

type PermissionHolder = Parameters<typeof canPerform>[0];

/** Whether the user may create offers of the kind (the offer permission, or the kind's own). */
export const canAddOffer = (user: PermissionHolder, kind: OfferKind) =>
  canPerform(user, 'add_offer') || canPerform(user, `add_${kind}_offer`);
export const canChangeOffer = (user: PermissionHolder, kind: OfferKind) =>
  canPerform(user, 'change_offer') || canPerform(user, `change_${kind}_offer`);

const nowrap = { whiteSpace: 'nowrap' } as const;

/** 'One shared code' with the code below it; unique codes with how many. */
export function CouponCell({ offer }: { offer: Offer }) {
  if (offer.coupon_mode === 'none') {
    return (
      <Text size="sm" c="dimmed">
        Applies by itself
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      {offer.coupon_mode === 'shared' ? (
        <Text size="sm" ff="monospace" style={nowrap}>
          {offer.coupon_code}
        </Text>
      ) : (
        <Text size="sm" style={nowrap}>
          {offer.codes_count} unique codes
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {COUPON_MODE_LABELS[offer.coupon_mode]}
      </Text>
    </Stack>
  );
}

export function validityText(offer: Pick<Offer, 'start_date' | 'end_date'>): string {
  if (!offer.start_date && !offer.end_date) return 'Always';
  if (!offer.end_date) return `From ${formatDay(offer.start_date)}`;
  if (!offer.start_date) return `Until ${formatDay(offer.end_date)}`;
  return `${formatDay(offer.start_date)} – ${formatDay(offer.end_date)}`;
}

export function usesText(offer: Pick<Offer, 'uses' | 'total_uses_limit'>): string {
  return offer.total_uses_limit === null ? String(offer.uses) : `${offer.uses} / ${offer.total_uses_limit}`;
}

function columnsOf(screens: OfferKindScreens): Column<Offer>[] {
  return [
    {
      key: 'title',
      header: 'Title',
      sortField: 'title',
      render: (o) => (
        <Anchor component={Link} to={screens.detailPath(o.id)} fw={500} size="sm">
          {o.title}
        </Anchor>
      ),
    },
    { key: 'coupon', header: 'Coupon', render: (o) => <CouponCell offer={o} /> },
    {
      key: 'status',
      header: 'Status',
      sortField: 'status',
      render: (o) => <OfferStatusBadge status={o.status} />,
    },
    {
      key: 'validity',
      header: 'Validity',
      sortField: 'start_date',
      render: (o) => <span style={nowrap}>{validityText(o)}</span>,
    },
    {
      key: 'uses',
      header: 'Uses',
      sortField: 'uses',
      sortFirst: 'descending',
      align: 'right',
      render: (o) => usesText(o),
    },
    {
      key: 'discount_given',
      header: 'Discount Given',
      sortField: 'discount_given',
      sortFirst: 'descending',
      align: 'right',
      render: (o) => (
        <Stack gap={0} align="flex-end">
          <Money value={o.discount_given} />
          {o.cashpoints_given > 0 && (
            <Text size="xs" c="dimmed" style={nowrap}>
              + <Money value={o.cashpoints_given} /> cashpoints
            </Text>
          )}
        </Stack>
      ),
    },
  ];
}

const STATUS_OPTIONS = OFFER_STATUSES.map((status) => ({
  value: status,
  label: OFFER_STATUS_LABELS[status],
}));

/** The empty list: what an offer of this kind is, and the button to make the first. */
function NoOffersYet({ screens, onAdd }: { screens: OfferKindScreens; onAdd?: () => void }) {
  return (
    <Card withBorder padding="xl" radius="md">
      <EmptyState
        title={`No ${screens.plural.toLowerCase()} yet`}
        description={screens.explanation}
        icon={<IconDiscount2 size={28} />}
      >
        {onAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
            New {screens.singular}
          </Button>
        )}
      </EmptyState>
    </Card>
  );
}

/** /offers/product-offers and /offers/cart-offers: the company's offers of one kind. */
export function OffersPage({ kind }: { kind: OfferKind }) {
  const screens = OFFER_KINDS_SCREENS[kind];
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: OFFER_DEFAULT_ORDERING });
  const search = useListSearch(list.setSearch, list.params.search);
  const [status, setStatus] = useUrlFilter<string | null>('status', null);
  const known = OFFER_STATUSES.includes(status as OfferStatus) ? (status as OfferStatus) : undefined;
  const params: OfferListParams = { ...list.params, status: known };
  const offers = useQuery(offerListQuery(companyId, kind, params));
  const filtered = list.params.search !== '' || known !== undefined;
  const noneYet = !filtered && offers.data?.count === 0 && !offers.isPlaceholderData;
  const add = canAddOffer(user, kind) ? () => void navigate({ to: screens.newPath }) : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2}>{screens.plural}</Title>
        {add && !noneYet && (
          <Button leftSection={<IconPlus size={16} />} onClick={add}>
            New {screens.singular}
          </Button>
        )}
      </Group>
      {noneYet ? (
        <NoOffersYet screens={screens} onAdd={add} />
      ) : (
        <Card withBorder padding="md">
          <Stack gap="md">
            <CollapsibleFilters>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <ListSearch search={search} placeholder="Title or coupon code" />
                <Select
                  label="Status"
                  placeholder="All"
                  data={STATUS_OPTIONS}
                  value={known ?? null}
                  onChange={setStatus}
                  clearable
                  w={170}
                />
              </Group>
            </CollapsibleFilters>
            <DataTable
              label={screens.plural}
              columns={columnsOf(screens)}
              rowKey={(o) => o.id}
              {...listTableProps(list, offers)}
              errorTitle={OFFER_TOASTS.list_load_failed}
              onRowClick={(o) => void navigate({ to: screens.detailPath(o.id) })}
              minWidth={860}
              empty={
                <Text c="dimmed" ta="center" py="xl">
                  No offer matches the search or the filters.
                </Text>
              }
            />
          </Stack>
        </Card>
      )}
    </Stack>
  );
}

export function ProductOffersPage() {
  return <OffersPage kind="product" />;
}

export function CartOffersPage() {
  return <OffersPage kind="cart" />;
}
