import { ORDER_MESSAGES } from '@b2b/domain/sales-orders';
import { SHIPMENT_MESSAGES } from '@b2b/domain/shipments';
import { Button, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Paged } from '../../api/types';
import { DataTable } from '../../components/data-table';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { invoiceShipPath, shipmentPath } from '../../session/paths';
import { RELATED_SHIPMENT_COLUMNS } from './shipment-columns';
import {
  invoiceShipmentsQuery,
  orderShipmentsQuery,
  type ShipmentSummary,
  shipmentLoadErrorTitle,
} from './shipments.api';

/** Whether the invoice may still ship something: not cancelled, not processed (everything shipped). */
export const invoiceMayShip = (invoice: { status: string }) =>
  invoice.status === 'generated' || invoice.status === 'ready_to_ship';

/** 'Create Shipment' on an invoice, for users who may add shipments, while something is left to ship. */
export function CreateShipmentButton({ invoice }: { invoice: { id: number; status: string } }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  if (!canPerform(user, 'add_shipment') || !invoiceMayShip(invoice)) return null;
  return (
    <Button
      leftSection={<IconTruckDelivery size={16} />}
      onClick={() => void navigate({ to: invoiceShipPath(invoice.id) })}
    >
      Create Shipment
    </Button>
  );
}

function RelatedShipmentsTable({
  label,
  query,
  emptyText,
}: {
  label: string;
  query: UseQueryResult<Paged<ShipmentSummary>>;
  emptyText: string;
}) {
  const navigate = useNavigate();
  return (
    <DataTable
      label={label}
      columns={RELATED_SHIPMENT_COLUMNS}
      rowKey={(s) => s.id}
      data={query.data}
      isLoading={query.isLoading}
      error={query.error}
      errorTitle={shipmentLoadErrorTitle(query.error, ORDER_MESSAGES.shipments_load_failed)}
      onRetry={() => query.refetch()}
      onRowClick={(s) => void navigate({ to: shipmentPath(s.id) })}
      minWidth={900}
      empty={
        <Text c="dimmed" ta="center" py="xl">
          {emptyText}
        </Text>
      }
    />
  );
}

/** The order's shipments (GET admin/orders/{id}/shipments), each opening its shipment. */
export function OrderShipmentsTab({ orderId }: { orderId: number }) {
  const user = useCurrentUser();
  const shipments = useQuery({ ...orderShipmentsQuery(orderId), enabled: canPerform(user, 'view_shipment') });
  if (!canPerform(user, 'view_shipment')) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {SHIPMENT_MESSAGES.forbidden_view}
      </Text>
    );
  }
  return (
    <RelatedShipmentsTable
      label="Order Shipments"
      query={shipments}
      emptyText="No shipment has been made for this order yet: shipments are created from its invoices."
    />
  );
}

/** The invoice's shipments (GET admin/invoices/{id}/shipments); Create Shipment sits in the invoice's header. */
export function InvoiceShipmentsTab({ invoiceId }: { invoiceId: number }) {
  const user = useCurrentUser();
  const shipments = useQuery({
    ...invoiceShipmentsQuery(invoiceId),
    enabled: canPerform(user, 'view_shipment'),
  });
  if (!canPerform(user, 'view_shipment')) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {SHIPMENT_MESSAGES.forbidden_view}
      </Text>
    );
  }
  return (
    <RelatedShipmentsTable
      label="Invoice Shipments"
      query={shipments}
      emptyText="No shipment has been made for this invoice yet."
    />
  );
}
