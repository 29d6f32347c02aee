import { formatQuantity } from '@b2b/domain/money';
import {
  SHIPMENT_DIRECTION_OPTIONS,
  SHIPMENT_STATUS_OPTIONS,
  shipmentCarrierLabel,
} from '@b2b/domain/shipments';
import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Column } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { StatusBadge } from '../../components/status-badge';
import { invoicePath, orderPath, shipmentPath } from '../../session/paths';
import type { ShipmentSummary } from './shipments.api';

const nowrap = (node: ReactNode) => (
  <span style={{ whiteSpace: 'nowrap', display: 'inline-block', minWidth: 'max-content' }}>{node}</span>
);

/** The tracking number, a link when the shipment has a tracking link. */
export function TrackingText({
  shipment,
}: {
  shipment: Pick<ShipmentSummary, 'tracking_number' | 'tracking_link'>;
}) {
  if (!shipment.tracking_number && !shipment.tracking_link)
    return (
      <Text size="sm" c="dimmed">
        N/A
      </Text>
    );
  const text = shipment.tracking_number ?? 'Track';
  if (!shipment.tracking_link) return <Text size="sm">{text}</Text>;
  const href = /^https?:\/\//i.test(shipment.tracking_link)
    ? shipment.tracking_link
    : `https://${shipment.tracking_link}`;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      {text}
    </Anchor>
  );
}

const numberColumn: Column<ShipmentSummary> = {
  key: 'shipment_number',
  header: 'Shipment Number',
  sortField: 'shipment_number',
  render: (s) => (
    <Anchor component={Link} to={shipmentPath(s.id)} fw={500} size="sm" style={{ whiteSpace: 'nowrap' }}>
      {s.shipment_number}
    </Anchor>
  ),
};

const common: Column<ShipmentSummary>[] = [
  {
    key: 'shipment_date',
    header: 'Shipment Date',
    sortField: 'shipment_date',
    render: (s) => nowrap(formatDay(s.shipment_date)),
  },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    render: (s) => nowrap(<StatusBadge options={SHIPMENT_STATUS_OPTIONS} value={s.status} />),
  },
  {
    key: 'carrier',
    header: 'Carrier',
    render: (s) =>
      s.carrier === 'other' && s.carrier_name ? s.carrier_name : shipmentCarrierLabel(s.carrier),
  },
  { key: 'tracking', header: 'Tracking No.', render: (s) => <TrackingText shipment={s} /> },
  {
    key: 'expected',
    header: 'Expected Delivery',
    render: (s) => nowrap(formatDay(s.expected_delivery_date)),
  },
  {
    key: 'items',
    header: 'Items',
    align: 'right',
    render: (s) => `${s.total_items} (${formatQuantity(s.total_quantity)})`,
  },
];

/** The /shipments list: number, date, buyer, invoice and order, direction, status, carrier, tracking. */
export const SHIPMENT_COLUMNS: Column<ShipmentSummary>[] = [
  numberColumn,
  common[0],
  { key: 'buyer', header: 'Buyer', render: (s) => s.buyer.name },
  {
    key: 'invoice',
    header: 'Invoice',
    render: (s) => (
      <Anchor component={Link} to={invoicePath(s.invoice.id)} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {s.invoice.invoice_number}
      </Anchor>
    ),
  },
  {
    key: 'order',
    header: 'Order',
    render: (s) => (
      <Anchor component={Link} to={orderPath(s.order.id)} size="sm" style={{ whiteSpace: 'nowrap' }}>
        {s.order.order_number}
      </Anchor>
    ),
  },
  {
    key: 'direction',
    header: 'Direction',
    render: (s) => nowrap(<StatusBadge options={SHIPMENT_DIRECTION_OPTIONS} value={s.direction} />),
  },
  ...common.slice(1),
];

/** An invoice's or an order's shipments: the document is already known. */
export const RELATED_SHIPMENT_COLUMNS: Column<ShipmentSummary>[] = [numberColumn, ...common];
