import {
  COUPON_MODE_LABELS,
  couponCodesGenerate,
  OFFER_REWARD_LABELS,
  REDEMPTION_RELEASE_LABELS,
  REDEMPTION_STATUS_LABELS,
} from '@b2b/domain/api/offers';
import { formatQuantity } from '@b2b/domain/money';
import { UNIQUE_CODES_MAX } from '@b2b/domain/offers';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { type Column, DataTable } from '../../components/data-table';
import { DetailField, DetailGrid } from '../../components/detail-field';
import {
  ActiveToggleButton,
  DetailHeader,
  DetailLoader,
  DetailTabs,
  useIdParam,
} from '../../components/detail-page';
import { DocumentHistoryTable } from '../../components/document-history-table';
import { DownloadListCsvButton } from '../../components/download-list-csv';
import { FormDialog } from '../../components/form-dialog';
import { Money } from '../../components/money';
import { notifySuccess } from '../../components/notify';
import { NumberField } from '../../components/number-field';
import { applyServerErrors } from '../../components/server-errors';
import { listTableProps, useListParams } from '../../components/use-list-params';
import { useCurrentUser } from '../../session/current-user';
import { buyerPath, orderPath, PATHS } from '../../session/paths';
import { OFFER_KINDS_SCREENS, OfferStatusBadge } from './offer-kinds';
import {
  type CouponCode,
  couponCodesQuery,
  downloadCouponCodesCsv,
  downloadRedemptionsCsv,
  OFFER_TOASTS,
  type Offer,
  type OfferKind,
  offerHistoryQuery,
  offerQuery,
  type Redemption,
  redemptionsQuery,
  useGenerateCouponCodes,
  useSetOfferActive,
} from './offers.api';
import { CouponCell, canChangeOffer, usesText, validityText } from './offers-page';

const when = (value: string | Date | null) => (value ? dayjs(value).format('DD/MM/YYYY, hh:mm A') : null);
const money = (value: number | null) => (value === null ? null : <Money value={value} />);
const names = (list: readonly { name: string }[]) =>
  list.length ? list.map((x) => x.name).join(', ') : null;

/** /offers/product-offers/{id} and /offers/cart-offers/{id}: one offer, its codes and redemptions. */
export function OfferDetailPage({ kind }: { kind: OfferKind }) {
  const screens = OFFER_KINDS_SCREENS[kind];
  const id = useIdParam(kind === 'product' ? PATHS.productOffer : PATHS.cartOffer);
  const offer = useQuery({ ...offerQuery(id ?? 0), enabled: id !== null });
  const navigate = useNavigate();
  const ownKind = offer.data?.kind;
  useEffect(() => {
    // A link that opens an offer on the other kind's screen (the coupon report's) goes to its own.
    if (id !== null && ownKind !== undefined && ownKind !== kind) {
      void navigate({ to: OFFER_KINDS_SCREENS[ownKind].detailPath(id), replace: true });
    }
  }, [id, ownKind, kind, navigate]);
  if (ownKind !== undefined && ownKind !== kind) return null;
  return (
    <DetailLoader
      id={id}
      query={offer}
      list={{ to: screens.listPath, label: screens.plural }}
      notFoundMessage={OFFER_TOASTS.not_found}
      loadFailedTitle={OFFER_TOASTS.load_failed}
      loadingLabel="Loading offer"
    >
      {(data) => <OfferDetail offer={data} />}
    </DetailLoader>
  );
}

export function ProductOfferDetailPage() {
  return <OfferDetailPage kind="product" />;
}

export function CartOfferDetailPage() {
  return <OfferDetailPage kind="cart" />;
}

function OfferDetail({ offer }: { offer: Offer }) {
  const screens = OFFER_KINDS_SCREENS[offer.kind];
  const user = useCurrentUser();
  const navigate = useNavigate();
  const setActive = useSetOfferActive(offer.id);
  const mayChange = canChangeOffer(user, offer.kind);
  const toggle = (isActive: boolean) =>
    setActive.mutate(isActive, {
      onSuccess: () => notifySuccess(isActive ? OFFER_TOASTS.activated : OFFER_TOASTS.deactivated),
    });

  return (
    <Stack gap="lg">
      <DetailHeader
        list={{ to: screens.listPath, label: screens.plural }}
        title={offer.title}
        badges={
          <>
            <OfferStatusBadge status={offer.status} />
            <Badge variant="outline" color="gray" radius="sm">
              {screens.singular}
            </Badge>
          </>
        }
        actions={
          mayChange && (
            <>
              <ActiveToggleButton
                isActive={offer.is_active}
                loading={setActive.isPending}
                onActivate={() => toggle(true)}
                onDeactivate={() => toggle(false)}
              />
              <Button
                leftSection={<IconPencil size={16} />}
                onClick={() => void navigate({ to: screens.editPath(offer.id) })}
              >
                Edit
              </Button>
            </>
          )
        }
      />
      <Card withBorder padding="md" component="section" aria-label="Offer figures">
        <DetailGrid>
          <DetailField label="Uses">{usesText(offer)}</DetailField>
          <DetailField label="Buyers">{offer.buyers}</DetailField>
          <DetailField label="Discount Given">
            <Money value={offer.discount_given} />
          </DetailField>
          <DetailField label="Cashpoints Given">
            <Money value={offer.cashpoints_given} />
          </DetailField>
          <DetailField label="Validity">{validityText(offer)}</DetailField>
          <DetailField label="Coupon">
            <CouponCell offer={offer} />
          </DetailField>
        </DetailGrid>
      </Card>
      <DetailTabs
        tabs={[
          { value: 'details', label: 'Details', panel: <OfferSummary offer={offer} /> },
          {
            value: 'codes',
            label: 'Coupon Codes',
            hidden: offer.coupon_mode === 'none',
            panel: <CouponCodesTab offer={offer} mayChange={mayChange} />,
          },
          { value: 'redemptions', label: 'Redemptions', panel: <RedemptionsTab offer={offer} /> },
          { value: 'history', label: 'History', panel: <HistoryTab id={offer.id} /> },
        ]}
      />
    </Stack>
  );
}

/** Every field of the offer. */
function OfferSummary({ offer }: { offer: Offer }) {
  const percentage = offer.discount_type === 'percentage';
  return (
    <Stack gap="md">
      <Card withBorder padding="md" component="section" aria-label="Discount">
        <DetailGrid>
          <DetailField label="Discount">
            {percentage ? `${offer.discount_value}%` : <Money value={offer.discount_value} />}
            {!percentage && offer.kind === 'product' ? ' per unit' : ''}
          </DetailField>
          <DetailField label="Discount Type">{percentage ? 'Percentage' : 'Flat'}</DetailField>
          <DetailField label="Max Discount">{percentage ? money(offer.max_discount) : null}</DetailField>
          <DetailField label="Reward">{OFFER_REWARD_LABELS[offer.reward_type]}</DetailField>
          {offer.reward_type === 'cashpoints' && (
            <DetailField label="Cashpoint Minimum Discount">
              {money(offer.cashpoint_min_discount)}
            </DetailField>
          )}
        </DetailGrid>
      </Card>
      {offer.kind === 'product' && (
        <Card withBorder padding="md" component="section" aria-label="Applies to">
          <DetailGrid>
            <DetailField label="Products">{names(offer.products)}</DetailField>
            <DetailField label="Categories">{names(offer.categories)}</DetailField>
            <DetailField label="Brands">{names(offer.brands)}</DetailField>
          </DetailGrid>
        </Card>
      )}
      <Card withBorder padding="md" component="section" aria-label="Conditions and limits">
        <DetailGrid>
          <DetailField label="Minimum Order Value">
            {offer.min_order_value > 0 ? <Money value={offer.min_order_value} /> : 'None'}
          </DetailField>
          <DetailField label="Minimum Quantity">
            {offer.min_quantity === null ? 'None' : formatQuantity(offer.min_quantity)}
          </DetailField>
          <DetailField label="First Order Only">{offer.first_order_only ? 'Yes' : 'No'}</DetailField>
          <DetailField label="Buyer Groups">{names(offer.buyer_groups) ?? 'Every buyer'}</DetailField>
          <DetailField label="Sales Channel">{offer.sales_channel?.name ?? 'Every channel'}</DetailField>
          <DetailField label="Uses per Buyer">{offer.uses_per_buyer ?? 'No limit'}</DetailField>
          <DetailField label="Total Uses">{offer.total_uses_limit ?? 'No limit'}</DetailField>
          <DetailField label="Max Offer Amount per Order">
            {money(offer.max_offer_amount_per_transaction) ?? 'No limit'}
          </DetailField>
          <DetailField label="Max Offer Amount per Buyer">
            {money(offer.max_offer_amount_per_buyer) ?? 'No limit'}
          </DetailField>
          <DetailField label="Budget">{money(offer.budget) ?? 'No limit'}</DetailField>
        </DetailGrid>
      </Card>
      <Card withBorder padding="md" component="section" aria-label="Validity and coupon">
        <DetailGrid>
          <DetailField label="Active">{offer.is_active ? 'Yes' : 'No'}</DetailField>
          <DetailField label="Visible to Customers">
            {offer.is_visible_to_customers ? 'Yes' : 'No'}
          </DetailField>
          <DetailField label="Validity">{validityText(offer)}</DetailField>
          <DetailField label="Coupon">{COUPON_MODE_LABELS[offer.coupon_mode]}</DetailField>
          {offer.coupon_mode === 'shared' && (
            <DetailField label="Coupon Code">{offer.coupon_code}</DetailField>
          )}
          {offer.coupon_mode !== 'none' && (
            <>
              <DetailField label="Code Length">{offer.coupon_length}</DetailField>
              <DetailField label="Prefix">{offer.coupon_prefix}</DetailField>
              <DetailField label="Suffix">{offer.coupon_suffix}</DetailField>
            </>
          )}
          <DetailField label="Created">{when(offer.created_at)}</DetailField>
          <DetailField label="Updated">{when(offer.updated_at)}</DetailField>
        </DetailGrid>
      </Card>
      <Card withBorder padding="md" component="section" aria-label="Description and terms">
        <DetailGrid cols={2}>
          <DetailField label="Description">{offer.description}</DetailField>
          <DetailField label="Terms">{offer.terms}</DetailField>
        </DetailGrid>
      </Card>
    </Stack>
  );
}

const CODE_COLUMNS: Column<CouponCode>[] = [
  {
    key: 'code',
    header: 'Code',
    render: (c) => (
      <Text size="sm" ff="monospace">
        {c.code}
      </Text>
    ),
  },
  {
    key: 'uses',
    header: 'Uses',
    align: 'right',
    render: (c) => (c.max_uses === null ? c.uses : `${c.uses} / ${c.max_uses}`),
  },
  { key: 'created_at', header: 'Created', render: (c) => when(c.created_at) },
];

function CouponCodesTab({ offer, mayChange }: { offer: Offer; mayChange: boolean }) {
  const list = useListParams({ ordering: 'created_at' });
  const codes = useQuery(couponCodesQuery(offer.id, list.params));
  const [generating, setGenerating] = useState(false);
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {offer.codes_count} {offer.codes_count === 1 ? 'code' : 'codes'}
          </Text>
          <Group gap="xs">
            <DownloadListCsvButton
              download={() => downloadCouponCodesCsv(offer.id)}
              failure={OFFER_TOASTS.export_failed}
              disabled={offer.codes_count === 0}
            />
            {mayChange && offer.coupon_mode === 'unique' && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setGenerating(true)}>
                Generate More Codes
              </Button>
            )}
          </Group>
        </Group>
        <DataTable
          label="Coupon Codes"
          columns={CODE_COLUMNS}
          rowKey={(c) => c.id}
          {...listTableProps(list, codes)}
          onOrderingChange={undefined}
          errorTitle={OFFER_TOASTS.codes_load_failed}
          minWidth={420}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No coupon codes yet.
            </Text>
          }
        />
      </Stack>
      {generating && <GenerateCodesDialog offer={offer} onClose={() => setGenerating(false)} />}
    </Card>
  );
}

type GenerateValues = { count: number | string };

function GenerateCodesDialog({ offer, onClose }: { offer: Offer; onClose: () => void }) {
  const generate = useGenerateCouponCodes(offer.id);
  const form = useForm<GenerateValues>({
    mode: 'onTouched',
    resolver: zodResolver(couponCodesGenerate) as unknown as Resolver<GenerateValues>,
    defaultValues: { count: 10 },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await generate.mutateAsync(Number(values.count));
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, ['count']);
    }
  });
  const affix = [
    offer.coupon_prefix && `prefix ${offer.coupon_prefix}`,
    offer.coupon_suffix && `suffix ${offer.coupon_suffix}`,
  ]
    .filter(Boolean)
    .join(' and ');
  return (
    <FormDialog
      title="Generate More Codes"
      submitLabel="Generate"
      pending={generate.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <Text size="sm" c="dimmed">
        New unique codes{affix ? ` with the ${affix}` : ''}, each usable once.
      </Text>
      <NumberField
        control={form.control}
        name="count"
        label="Number of Codes"
        required
        min={1}
        max={UNIQUE_CODES_MAX}
        allowDecimal={false}
        data-autofocus
      />
    </FormDialog>
  );
}

const REDEMPTION_COLUMNS: Column<Redemption>[] = [
  {
    key: 'order',
    header: 'Order',
    render: (r) => (
      <Anchor component={Link} to={orderPath(r.order.id)} size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {r.order.order_number}
      </Anchor>
    ),
  },
  {
    key: 'buyer',
    header: 'Buyer',
    render: (r) => (
      <Anchor component={Link} to={buyerPath(r.buyer.id)} size="sm">
        {r.buyer.name}
      </Anchor>
    ),
  },
  {
    key: 'code',
    header: 'Code',
    render: (r) =>
      r.coupon_code ? (
        <Text size="sm" ff="monospace">
          {r.coupon_code}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Automatic
        </Text>
      ),
  },
  {
    key: 'discount',
    header: 'Discount',
    align: 'right',
    render: (r) => (
      <Stack gap={0} align="flex-end">
        <Money value={r.discount} />
        {r.cashpoints > 0 && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            + <Money value={r.cashpoints} /> cashpoints
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'order_value',
    header: 'Order Value',
    align: 'right',
    render: (r) => <Money value={r.order_value} />,
  },
  {
    key: 'status',
    header: 'Status',
    render: (r) => (
      <Stack gap={0}>
        <Badge color={r.status === 'redeemed' ? 'green' : 'gray'} variant="light" radius="sm">
          {REDEMPTION_STATUS_LABELS[r.status]}
        </Badge>
        {r.released_reason && (
          <Text size="xs" c="dimmed">
            {REDEMPTION_RELEASE_LABELS[r.released_reason]}
            {r.released_at ? `, ${when(r.released_at)}` : ''}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'created_at',
    header: 'Date',
    render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{when(r.created_at)}</span>,
  },
];

function RedemptionsTab({ offer }: { offer: Offer }) {
  const list = useListParams({ ordering: '-created_at' });
  const redemptions = useQuery(redemptionsQuery(offer.id, list.params));
  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            The orders the offer gave something on; a cancelled order gives its use back.
          </Text>
          <DownloadListCsvButton
            download={() => downloadRedemptionsCsv(offer.id, list.params)}
            failure={OFFER_TOASTS.export_failed}
            disabled={redemptions.data?.count === 0}
          />
        </Group>
        <DataTable
          label="Redemptions"
          columns={REDEMPTION_COLUMNS}
          rowKey={(r) => r.id}
          {...listTableProps(list, redemptions)}
          onOrderingChange={undefined}
          errorTitle={OFFER_TOASTS.redemptions_load_failed}
          minWidth={860}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No order has used this offer yet.
            </Text>
          }
        />
      </Stack>
    </Card>
  );
}

function HistoryTab({ id }: { id: number }) {
  return <DocumentHistoryTable label="Offer history" query={useQuery(offerHistoryQuery(id))} />;
}
