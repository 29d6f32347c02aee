import { billStatusColor } from '@b2b/domain/bills';
import { formatQuantity } from '@b2b/domain/money';
import { PURCHASE_ORDER_MESSAGES } from '@b2b/domain/purchase-orders';
import { Anchor, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconBan, IconFileInvoice, IconPencil, IconSend, IconUser } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, DetailTabs, useIdParam } from '../../components/detail-page';
import { DocumentHistoryTable } from '../../components/document-history-table';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { MoreActionsMenu } from '../../components/more-actions-menu';
import { useCurrentUser } from '../../session/current-user';
import { canOpen, canPerform } from '../../session/has-permission';
import {
  billPath,
  PATHS,
  productPath,
  purchaseOrderBillPath,
  purchaseOrderEditPath,
  sellerPath,
  warehousePath,
} from '../../session/paths';
import { PurchaseOrderStatusBadge } from './purchase-order-status';
import {
  PURCHASE_ORDERS_LIST,
  type PurchaseOrder,
  purchaseOrderHistoryQuery,
  purchaseOrderQuery,
  usePurchaseOrderAction,
} from './purchase-orders.api';

const when = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY, hh:mm A') : null);

/** /purchase-orders/{id}: one order, its lines ordered and billed, its bills, actions and history. */
export function PurchaseOrderDetailPage() {
  const id = useIdParam(PATHS.purchaseOrder);
  const order = useQuery({ ...purchaseOrderQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={order}
      list={PURCHASE_ORDERS_LIST}
      notFoundMessage={PURCHASE_ORDER_MESSAGES.not_found}
      loadFailedTitle={PURCHASE_ORDER_MESSAGES.load_failed}
      loadingLabel="Loading purchase order"
    >
      {(data) => <PurchaseOrderDetail order={data} />}
    </DetailLoader>
  );
}

/** Edit and Mark as Sent for a draft, Create Bill once sent, Cancel while nothing is billed: as the domain allows. */
export function PurchaseOrderActions({ order }: { order: PurchaseOrder }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const send = usePurchaseOrderAction('send');
  const cancel = usePurchaseOrderAction('cancel');
  const [confirming, setConfirming] = useState<'send' | 'cancel' | null>(null);
  const allowed = canPerform(user, 'change_purchase_order')
    ? order.allowed_actions
    : order.allowed_actions.filter((action) => action === 'bill');
  const mayBill = allowed.includes('bill') && canPerform(user, 'add_bill');
  const close = () => setConfirming(null);
  const running = confirming === 'cancel' ? cancel : send;
  const dialog =
    confirming === 'cancel'
      ? {
          title: 'Cancel Purchase Order',
          confirm: 'Cancel Order',
          message: `Cancel ${order.order_number}? A cancelled order cannot be billed, edited or restored.`,
        }
      : {
          title: 'Mark as Sent',
          confirm: 'Mark as Sent',
          message: `Mark ${order.order_number} as sent to ${order.seller.name}? It can then be billed, and no longer edited.`,
        };
  const more = [
    ...(canOpen(user, 'view_seller')
      ? [
          {
            label: 'View Seller',
            icon: <IconUser size={16} />,
            onClick: () => void navigate({ to: sellerPath(order.seller.id) }),
          },
        ]
      : []),
    ...(allowed.includes('cancel')
      ? [
          {
            label: 'Cancel Order',
            icon: <IconBan size={16} />,
            danger: true,
            onClick: () => setConfirming('cancel'),
          },
        ]
      : []),
  ];
  return (
    <>
      {allowed.includes('edit') && (
        <Button
          variant="default"
          leftSection={<IconPencil size={16} />}
          onClick={() => void navigate({ to: purchaseOrderEditPath(order.id) })}
        >
          Edit
        </Button>
      )}
      {allowed.includes('send') && (
        <Button leftSection={<IconSend size={16} />} onClick={() => setConfirming('send')}>
          Mark as Sent
        </Button>
      )}
      {mayBill && (
        <Button
          leftSection={<IconFileInvoice size={16} />}
          onClick={() => void navigate({ to: purchaseOrderBillPath(order.id) })}
        >
          Create Bill
        </Button>
      )}
      <MoreActionsMenu actions={more} />
      <ConfirmDialog
        opened={confirming !== null}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={dialog.confirm}
        color={confirming === 'cancel' ? 'red' : 'blue'}
        loading={running.isPending}
        onConfirm={() => running.mutate(order.id, { onSettled: close })}
        onClose={close}
      />
    </>
  );
}

function LinesTable({ order }: { order: PurchaseOrder }) {
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table aria-label="Purchase order items" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Ordered</Table.Th>
            <Table.Th ta="right">Billed</Table.Th>
            <Table.Th ta="right">To Bill</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Discount</Table.Th>
            <Table.Th ta="right">GST</Table.Th>
            <Table.Th ta="right">Taxable Value</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {order.items.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Anchor component={Link} to={productPath(line.product.id)} size="sm">
                  {line.product.name}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {[line.product.sku, line.hsn_code ? `HSN ${line.hsn_code}` : null]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {formatQuantity(line.quantity)}
                {line.unit ? ` ${line.unit}` : ''}
              </Table.Td>
              <Table.Td ta="right" aria-label={`Billed ${line.product.name}`}>
                {formatQuantity(line.quantity_billed)}
              </Table.Td>
              <Table.Td ta="right">{formatQuantity(line.quantity_left)}</Table.Td>
              <Table.Td ta="right">
                <Money value={line.rate} />
              </Table.Td>
              <Table.Td ta="right">{line.discount_percent ? `${line.discount_percent}%` : '—'}</Table.Td>
              <Table.Td ta="right">{line.tax_rate}%</Table.Td>
              <Table.Td ta="right">
                <Money value={line.taxable_value} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={line.total} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Row({ label, value, strong }: { label: string; value: number; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xl" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} aria-label={label}>
        <Money value={value} />
      </Text>
    </Group>
  );
}

function Totals({ order }: { order: PurchaseOrder }) {
  return (
    <Card
      withBorder
      padding="md"
      aria-label="Purchase order totals"
      maw={{ base: '100%', sm: 420 }}
      ml="auto"
      w="100%"
    >
      <Stack gap={6}>
        <Row label="Taxable Value" value={order.taxable_value} />
        {order.supply_type === 'intra' ? (
          <>
            <Row label="CGST" value={order.cgst} />
            <Row label="SGST" value={order.sgst} />
          </>
        ) : (
          <Row label="IGST" value={order.igst} />
        )}
        {order.cess !== 0 && <Row label="Cess" value={order.cess} />}
        {order.freight_charges !== 0 && <Row label="Freight Charges" value={order.freight_charges} />}
        {order.other_charges !== 0 && <Row label="Other Charges" value={order.other_charges} />}
        {order.round_off !== 0 && <Row label="Round Off" value={order.round_off} />}
        <Row label="Total" value={order.total} strong />
      </Stack>
    </Card>
  );
}

function BillsCard({ order }: { order: PurchaseOrder }) {
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={4}>Bills</Title>
        {order.bills.length === 0 ? (
          <Text size="sm" c="dimmed">
            No bill has been made from this order yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={420}>
            <Table aria-label="Bills of the purchase order">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Bill Number</Table.Th>
                  <Table.Th>Bill Date</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {order.bills.map((bill) => (
                  <Table.Tr key={bill.id}>
                    <Table.Td>
                      <Anchor component={Link} to={billPath(bill.id)} size="sm">
                        {bill.bill_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDay(bill.bill_date)}</Table.Td>
                    <Table.Td>
                      <Badge color={billStatusColor(bill.status)} variant="light">
                        {bill.status_label}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={bill.total} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}

function HistoryTab({ id }: { id: number }) {
  return (
    <DocumentHistoryTable label="Purchase order history" query={useQuery(purchaseOrderHistoryQuery(id))} />
  );
}

function PurchaseOrderDetail({ order }: { order: PurchaseOrder }) {
  const person = order.created_by
    ? `${order.created_by.first_name} ${order.created_by.last_name}`.trim()
    : 'System';
  return (
    <Stack gap="lg">
      <DetailHeader
        list={PURCHASE_ORDERS_LIST}
        title={`Purchase Order ${order.order_number}`}
        badges={
          <>
            <PurchaseOrderStatusBadge status={order.status} />
            <Text size="sm" c="dimmed">
              {order.seller.name}
            </Text>
          </>
        }
        actions={<PurchaseOrderActions order={order} />}
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Seller">
            <Anchor component={Link} to={sellerPath(order.seller.id)} size="sm">
              {order.seller.name}
            </Anchor>
          </DetailField>
          <DetailField label="Seller GSTIN">{order.seller.gstin ?? 'Unregistered'}</DetailField>
          <DetailField label="Supply">
            {order.supply_type === 'intra' ? 'Within the state (CGST + SGST)' : 'Inter-state (IGST)'}
          </DetailField>
          <DetailField label="Order Date">{formatDay(order.order_date)}</DetailField>
          <DetailField label="Expected Delivery">
            {order.expected_date ? formatDay(order.expected_date) : null}
          </DetailField>
          <DetailField label="Reference">{order.reference}</DetailField>
          <DetailField label="Branch">{order.branch.name}</DetailField>
          <DetailField label="Deliver To">
            <Anchor component={Link} to={warehousePath(order.warehouse.id)} size="sm">
              {order.warehouse.name}
            </Anchor>
          </DetailField>
          <DetailField label="Rates">
            {order.is_tax_inclusive ? 'Entered including GST' : 'Excluding GST'}
          </DetailField>
          <DetailField label="Created By">{person}</DetailField>
          <DetailField label="Created On">{when(String(order.created_at))}</DetailField>
          {order.sent_at && <DetailField label="Sent On">{when(String(order.sent_at))}</DetailField>}
          {order.cancelled_at && (
            <DetailField label="Cancelled On">{when(String(order.cancelled_at))}</DetailField>
          )}
          <DetailField label="Notes">{order.notes}</DetailField>
        </DetailGrid>
      </Card>
      <DetailTabs
        tabs={[
          {
            value: 'items',
            label: 'Items',
            panel: (
              <Stack gap="md">
                <Card withBorder padding="md">
                  <Stack gap="sm">
                    <Title order={4}>Items</Title>
                    <LinesTable order={order} />
                  </Stack>
                </Card>
                <Totals order={order} />
                <BillsCard order={order} />
              </Stack>
            ),
          },
          { value: 'history', label: 'History', panel: <HistoryTab id={order.id} /> },
        ]}
      />
    </Stack>
  );
}
