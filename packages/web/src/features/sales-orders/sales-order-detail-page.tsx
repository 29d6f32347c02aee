import { formatMoney } from '@b2b/domain/money';
import { ORDER_MESSAGES, PAYMENT_STATUSES, SALES_ORDER_STATUS_OPTIONS } from '@b2b/domain/sales-orders';
import { Alert, Anchor, Badge, Card, Grid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, DetailTabs, useIdParam } from '../../components/detail-page';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { buyerPath, orderPath, PATHS, quotationPath } from '../../session/paths';
import { OrderPaymentsTab } from '../payments/order-payments-tab';
import { DocumentSharingActions } from '../quotations/document-sharing';
import { AddressText } from '../reference/address-text';
import { ReturnsTab } from '../sales-returns/related-returns';
import { OrderShipmentsTab } from '../shipments/related-shipments';
import { DocumentLinesTable } from './document-lines-table';
import { DocumentTotalsCard } from './document-totals-card';
import { OrderCommentsTab } from './order-comments-tab';
import { OrderHistoryTab } from './order-history-tab';
import { OrderInvoicesTab } from './order-invoices-tab';
import { SalesOrderActions } from './sales-order-actions';
import { type SalesOrder, salesOrderQuery } from './sales-orders.api';
import { orderNumberText } from './sales-orders-page';

const LIST = { to: PATHS.orders, label: 'Sales Order' };
const day = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY') : null);
const personName = (person: { first_name: string; last_name: string } | null) =>
  person ? `${person.first_name} ${person.last_name}`.trim() : null;

/** /orders/{id}: one sales order with its actions, figures and tabs; an unknown order goes back to /orders. */
export function SalesOrderDetailPage() {
  const id = useIdParam(PATHS.order);
  const order = useQuery({ ...salesOrderQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={order}
      list={LIST}
      notFoundMessage={ORDER_MESSAGES.not_found}
      loadFailedTitle={ORDER_MESSAGES.load_failed}
      loadingLabel="Loading order"
    >
      {(data) => <SalesOrderDetail order={data} />}
    </DetailLoader>
  );
}

function OrderSummary({ order }: { order: SalesOrder }) {
  return (
    <Card withBorder padding="md">
      <DetailGrid>
        <DetailField label="Buyer">
          <Anchor component={Link} to={buyerPath(order.buyer.id)} size="sm">
            {order.buyer.name}
          </Anchor>
        </DetailField>
        <DetailField label="Buyer Company">{order.buyer_company}</DetailField>
        <DetailField label="GSTIN">{order.buyer.gst_number}</DetailField>
        <DetailField label="Branch">{order.branch.name}</DetailField>
        <DetailField label="Order Date">{day(order.order_date)}</DetailField>
        <DetailField label="Shipment Date">{day(order.shipment_date)}</DetailField>
        <DetailField label="Sales Channel">{order.sales_channel?.display_name}</DetailField>
        <DetailField label="Sales Person">{personName(order.sales_person)}</DetailField>
        <DetailField label="Delivery Method">{order.shipping_method?.name}</DetailField>
        <DetailField label="Payment Method">{order.payment_method?.name}</DetailField>
        <DetailField label="Payment Terms">
          {order.payment_terms === null ? null : `${order.payment_terms} days`}
        </DetailField>
        <DetailField label="Reference">{order.reference_number}</DetailField>
        <DetailField label="Billing Address">
          <AddressText address={order.billing_address} />
        </DetailField>
        <DetailField label="Shipping Address">
          <AddressText address={order.shipping_address} />
        </DetailField>
        <DetailField label="Place of Supply">
          {`${order.place_of_supply.name} (${order.place_of_supply.gst_code})`}
        </DetailField>
        {order.quotation && (
          <DetailField label="Quotation">
            <Anchor component={Link} to={quotationPath(order.quotation.id)} size="sm">
              {order.quotation.quotation_number}
            </Anchor>
          </DetailField>
        )}
        {order.previous_order && (
          <DetailField label="Previous Version">
            <Anchor component={Link} to={orderPath(order.previous_order.id)} size="sm">
              {orderNumberText(order.previous_order)}
            </Anchor>
          </DetailField>
        )}
        <DetailField label="Created By">{personName(order.created_by)}</DetailField>
        {order.notes && <DetailField label="Notes">{order.notes}</DetailField>}
      </DetailGrid>
    </Card>
  );
}

function SalesOrderDetail({ order }: { order: SalesOrder }) {
  const user = useCurrentUser();
  return (
    <Stack gap="lg">
      <DetailHeader
        list={LIST}
        title={orderNumberText(order)}
        badges={
          <>
            <StatusBadge options={SALES_ORDER_STATUS_OPTIONS} value={order.status} />
            <StatusBadge options={PAYMENT_STATUSES} value={order.payment_status} />
            {order.is_instant && (
              <Badge variant="outline" radius="sm">
                Instant
              </Badge>
            )}
            {order.coupon_code && (
              <Badge variant="outline" color="teal" radius="sm">
                Coupon {order.coupon_code}
              </Badge>
            )}
            {order.offers.map((offer) => (
              <Badge
                key={offer.id}
                variant="light"
                color="teal"
                radius="sm"
                title={offer.kind === 'product' ? 'Product offer' : 'Cart offer'}
              >
                {offer.title}:{' '}
                {offer.reward_type === 'cashpoints'
                  ? `+${formatMoney(offer.cashpoints)} cashpoints`
                  : `−${formatMoney(offer.discount)}`}
              </Badge>
            ))}
          </>
        }
        actions={
          <>
            <SalesOrderActions order={order} />
            <DocumentSharingActions
              document={{ kind: 'sales_order', id: order.id, number: order.order_number }}
              maySend={canPerform(user, 'change_order') && order.status !== 'cancelled'}
            />
          </>
        }
      />
      {order.status === 'has_new_version' && (
        <Alert color="gray" variant="light">
          This order was edited: a newer version replaces it.
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <OrderSummary order={order} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <DocumentTotalsCard totals={order.totals} intraState={order.totals.is_intra_state} />
        </Grid.Col>
      </Grid>
      <DetailTabs
        tabs={[
          {
            value: 'items',
            label: 'Items',
            panel: <DocumentLinesTable lines={order.order_items} label="Order Items" />,
          },
          { value: 'invoices', label: 'Invoices', panel: <OrderInvoicesTab orderId={order.id} /> },
          {
            value: 'shipments',
            label: 'Shipments',
            panel: <OrderShipmentsTab orderId={order.id} />,
          },
          {
            value: 'payments',
            label: 'Payments',
            panel: <OrderPaymentsTab order={order} />,
          },
          { value: 'returns', label: 'Returns', panel: <ReturnsTab orderId={order.id} /> },
          { value: 'history', label: 'History', panel: <OrderHistoryTab orderId={order.id} /> },
          {
            value: 'comments',
            label: `Comments (${order.comments.length})`,
            panel: <OrderCommentsTab order={order} canComment={canPerform(user, 'change_order')} />,
          },
        ]}
      />
    </Stack>
  );
}
