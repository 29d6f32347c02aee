import { Alert, Anchor, Badge, Card, Grid, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { orderPath, PATHS } from '../../session/paths';
import { QuotationBidsCard } from '../bids/quotation-bids-card';
import { AddressText } from '../reference/address-text';
import { DocumentLinesTable } from '../sales-orders/document-lines-table';
import { DocumentTotalsCard } from '../sales-orders/document-totals-card';
import { DocumentSharingActions } from './document-sharing';
import { QuotationForm } from './quotation-form';
import {
  QUOTATION_STATUS_OPTIONS,
  QUOTATION_TOASTS,
  type Quotation,
  quotationQuery,
  useDeleteQuotation,
} from './quotations.api';

const LIST = { to: PATHS.quotations, label: 'Quotations' };

/** /quotations/{id}: the form for a draft or submitted quotation; read-only once it became an order. */
export function QuotationDetailPage() {
  const id = useIdParam(PATHS.quotation);
  const quotation = useQuery({ ...quotationQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={quotation}
      list={LIST}
      notFoundMessage={QUOTATION_TOASTS.not_found}
      loadFailedTitle={QUOTATION_TOASTS.load_failed}
      loadingLabel="Loading quotation"
    >
      {(data) => <QuotationDetail quotation={data} />}
    </DetailLoader>
  );
}

/** Where an edit-order or re-order quotation came from. */
function PurposeBadge({ quotation }: { quotation: Quotation }) {
  if (quotation.purpose === 'new' || !quotation.source_order) return null;
  return (
    <Badge variant="outline" radius="sm" color={quotation.purpose === 'edit_order' ? 'orange' : 'blue'}>
      {quotation.purpose === 'edit_order' ? 'Editing' : 'Re-order of'} {quotation.source_order.order_number}
    </Badge>
  );
}

function OrderedQuotation({ quotation }: { quotation: Quotation }) {
  return (
    <Stack gap="lg">
      {quotation.order && (
        <Alert color="green" variant="light">
          This quotation became order{' '}
          <Anchor component={Link} to={orderPath(quotation.order.id)} fw={600}>
            {quotation.order.order_number}
          </Anchor>{' '}
          and can no longer be changed.
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card withBorder padding="md">
            <DetailGrid>
              <DetailField label="Buyer">{quotation.buyer.name}</DetailField>
              <DetailField label="GSTIN">{quotation.buyer.gst_number}</DetailField>
              <DetailField label="Branch">{quotation.branch.name}</DetailField>
              <DetailField label="Date">{dayjs(quotation.date).format('DD/MM/YYYY')}</DetailField>
              <DetailField label="Reference">{quotation.reference_number}</DetailField>
              <DetailField label="Place of Supply">{quotation.place_of_supply.name}</DetailField>
              <DetailField label="Billing Address">
                <AddressText address={quotation.billing_address} />
              </DetailField>
              <DetailField label="Shipping Address">
                <AddressText address={quotation.shipping_address} />
              </DetailField>
            </DetailGrid>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <DocumentTotalsCard totals={quotation.totals} intraState={quotation.totals.is_intra_state} />
        </Grid.Col>
      </Grid>
      <Card withBorder padding="md">
        <DocumentLinesTable lines={quotation.items} label="Quotation Items" />
      </Card>
    </Stack>
  );
}

function QuotationDetail({ quotation }: { quotation: Quotation }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const remove = useDeleteQuotation();
  const [deleting, setDeleting] = useState(false);
  const canDelete = quotation.status === 'draft' && canPerform(user, 'delete_quotation');
  const canEdit = canPerform(user, 'change_quotation') || canPerform(user, 'add_order');
  return (
    <Stack gap="lg">
      <DetailHeader
        list={LIST}
        title={quotation.quotation_number}
        badges={
          <>
            <StatusBadge options={QUOTATION_STATUS_OPTIONS} value={quotation.status} />
            <PurposeBadge quotation={quotation} />
          </>
        }
        actions={
          <DocumentSharingActions
            document={{ kind: 'quotation', id: quotation.id, number: quotation.quotation_number }}
            maySend={canPerform(user, 'change_quotation')}
            more={
              canDelete
                ? [
                    {
                      label: 'Delete',
                      icon: <IconTrash size={16} />,
                      danger: true,
                      onClick: () => setDeleting(true),
                    },
                  ]
                : []
            }
          />
        }
      />
      {quotation.status === 'ordered' || !canEdit ? (
        <OrderedQuotation quotation={quotation} />
      ) : (
        <QuotationForm
          // A bid accepted or approved changes the lines' rates: the form starts again from them.
          key={`${quotation.id}-${quotation.updated_at}`}
          companyId={user.company.id}
          quotation={quotation}
          onSaved={() => undefined}
          onOrdered={(order) => void navigate({ to: orderPath(order.id) })}
          onCancel={() => void navigate({ to: PATHS.quotations })}
        />
      )}
      <QuotationBidsCard quotation={quotation} />
      <ConfirmDialog
        opened={deleting}
        title="Delete Quotation"
        message={`Delete the draft ${quotation.quotation_number}? This cannot be undone.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() =>
          remove.mutate(quotation.id, { onSuccess: () => void navigate({ to: PATHS.quotations }) })
        }
        onClose={() => setDeleting(false)}
      />
    </Stack>
  );
}
