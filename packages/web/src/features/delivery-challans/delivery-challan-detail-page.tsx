import { challanPurposeLabel, type DeliveryChallanAction } from '@b2b/domain/delivery-challans';
import { formatQuantity } from '@b2b/domain/money';
import { Anchor, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconFileInvoice, IconTruckDelivery, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, DetailTabs, useIdParam } from '../../components/detail-page';
import { DocumentHistoryTable } from '../../components/document-history-table';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { invoicePath, orderPath, PATHS, productPath, warehousePath } from '../../session/paths';
import { EWayBillCard } from '../e-way-bills/e-way-bill-card';
import { AddressText } from '../reference/address-text';
import { ChallanConvertDialog } from './challan-convert-dialog';
import {
  type ChallanStatusAction,
  DELIVERY_CHALLAN_TOASTS,
  DELIVERY_CHALLANS_LIST,
  type DeliveryChallan,
  deliveryChallanHistoryQuery,
  deliveryChallanQuery,
  useChallanAction,
} from './delivery-challans.api';
import { ChallanStatusBadge } from './delivery-challans-page';

const when = (value: string | Date | null) => (value ? dayjs(value).format('DD/MM/YYYY, hh:mm A') : null);

/** /delivery-challans/{id}: one challan, its lines, what became of it, its actions and its history. */
export function DeliveryChallanDetailPage() {
  const id = useIdParam(PATHS.deliveryChallan);
  const challan = useQuery({ ...deliveryChallanQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={challan}
      list={DELIVERY_CHALLANS_LIST}
      notFoundMessage={DELIVERY_CHALLAN_TOASTS.not_found}
      loadFailedTitle={DELIVERY_CHALLAN_TOASTS.load_one_failed}
      loadingLabel="Loading delivery challan"
    >
      {(data) => <ChallanDetail challan={data} />}
    </DetailLoader>
  );
}

function ChallanHistoryTab({ id }: { id: number }) {
  return (
    <DocumentHistoryTable
      label="Challan history"
      query={useQuery(deliveryChallanHistoryQuery(id))}
      errorTitle={DELIVERY_CHALLAN_TOASTS.history_failed}
    />
  );
}

function ChallanLinesTable({ challan }: { challan: DeliveryChallan }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table aria-label="Challan items" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>SKU</Table.Th>
            <Table.Th>HSN</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th ta="right">Invoiced</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {challan.items.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Anchor component={Link} to={productPath(line.product.id)} size="sm">
                  {line.product.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{line.sku || 'N/A'}</Table.Td>
              <Table.Td>{line.hsn || 'N/A'}</Table.Td>
              <Table.Td ta="right">
                {formatQuantity(line.quantity)}
                {line.unit ? ` ${line.unit}` : ''}
              </Table.Td>
              <Table.Td ta="right">
                <Money value={line.rate} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={line.value} />
              </Table.Td>
              <Table.Td ta="right">{formatQuantity(line.quantity_invoiced)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th colSpan={3}>Total</Table.Th>
            <Table.Th ta="right">{formatQuantity(challan.total_quantity)}</Table.Th>
            <Table.Th />
            <Table.Th ta="right">
              <Money value={challan.total_value} />
            </Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The confirm dialog of each status action: its title, button and what happens to the goods. */
function confirmText(challan: DeliveryChallan, action: ChallanStatusAction) {
  const from = challan.warehouse.name;
  switch (action) {
    case 'deliver':
      return {
        title: 'Mark Delivered',
        confirm: 'Mark Delivered',
        message: challan.destination_warehouse
          ? `The goods come into ${challan.destination_warehouse.name} now. Mark ${challan.challan_number} as delivered?`
          : `${challan.buyer_branch.name} has received the goods. Mark ${challan.challan_number} as delivered?`,
      };
    case 'return':
      return {
        title: 'Record Return',
        confirm: 'Record Return',
        message: `All the goods of ${challan.challan_number} come back into ${from} and the challan is closed. Record their return?`,
      };
    case 'cancel':
      return {
        title: 'Cancel Challan',
        confirm: 'Cancel Challan',
        message: `The goods of ${challan.challan_number} go back into ${from} and its number stays used. Cancel the challan?`,
      };
  }
}

function ChallanActions({ challan }: { challan: DeliveryChallan }) {
  const user = useCurrentUser();
  const mayChange = canPerform(user, 'change_delivery_challan');
  const mayInvoice = mayChange && canPerform(user, 'add_invoice');
  const deliver = useChallanAction(challan.id, 'deliver');
  const giveBack = useChallanAction(challan.id, 'return');
  const cancel = useChallanAction(challan.id, 'cancel');
  const mutations = { deliver, return: giveBack, cancel };
  const [confirming, setConfirming] = useState<ChallanStatusAction | null>(null);
  const [converting, setConverting] = useState(false);
  const allowed = (action: DeliveryChallanAction) =>
    (action === 'invoice' ? mayInvoice : mayChange) && challan.allowed_actions.includes(action);
  const close = () => setConfirming(null);
  const text = confirming ? confirmText(challan, confirming) : null;
  const running = confirming ? mutations[confirming] : null;

  return (
    <>
      {allowed('deliver') && (
        <Button leftSection={<IconTruckDelivery size={16} />} onClick={() => setConfirming('deliver')}>
          Mark Delivered
        </Button>
      )}
      {allowed('invoice') && (
        <Button leftSection={<IconFileInvoice size={16} />} onClick={() => setConverting(true)}>
          Convert to Invoice
        </Button>
      )}
      {allowed('return') && (
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={() => setConfirming('return')}
        >
          Record Return
        </Button>
      )}
      {allowed('cancel') && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconX size={16} />}
          onClick={() => setConfirming('cancel')}
        >
          Cancel Challan
        </Button>
      )}
      {converting && <ChallanConvertDialog challan={challan} onClose={() => setConverting(false)} />}
      <ConfirmDialog
        opened={confirming !== null}
        title={text?.title ?? ''}
        message={text?.message ?? ''}
        confirmLabel={text?.confirm ?? ''}
        color={confirming === 'cancel' ? 'red' : 'blue'}
        loading={running?.isPending}
        onConfirm={() => running?.mutate(undefined, { onSettled: close })}
        onClose={close}
      />
    </>
  );
}

function ChallanDetail({ challan }: { challan: DeliveryChallan }) {
  const recipient = challan.buyer_branch;
  const person = challan.created_by
    ? `${challan.created_by.first_name} ${challan.created_by.last_name}`.trim()
    : 'System';
  return (
    <Stack gap="lg">
      <DetailHeader
        list={DELIVERY_CHALLANS_LIST}
        title={challan.challan_number}
        badges={<ChallanStatusBadge status={challan.status} />}
        actions={<ChallanActions challan={challan} />}
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Purpose">{challanPurposeLabel(challan.purpose)}</DetailField>
          <DetailField label="Challan Date">{formatDay(challan.challan_date)}</DetailField>
          <DetailField label="Seller Branch">{challan.seller_branch.name}</DetailField>
          <DetailField label="Sending Warehouse">
            <Anchor component={Link} to={warehousePath(challan.warehouse.id)} size="sm">
              {challan.warehouse.name}
            </Anchor>
          </DetailField>
          <DetailField label={recipient.kind === 'warehouse' ? 'Receiving Warehouse' : 'Recipient'}>
            {recipient.kind === 'warehouse' ? (
              <Anchor component={Link} to={warehousePath(recipient.id)} size="sm">
                {recipient.name}
              </Anchor>
            ) : (
              <Stack gap={2}>
                <Text size="sm" fw={500}>
                  {recipient.name}
                </Text>
                {recipient.gstin && (
                  <Text size="xs" c="dimmed">
                    GSTIN: {recipient.gstin}
                  </Text>
                )}
                {recipient.address && <AddressText address={recipient.address} />}
              </Stack>
            )}
          </DetailField>
          <DetailField label="Reference Number">{challan.reference_number}</DetailField>
          <DetailField label="Vehicle Number">{challan.vehicle_number}</DetailField>
          <DetailField label="Created By">{person}</DetailField>
          <DetailField label="Created On">{when(challan.created_at)}</DetailField>
          {challan.delivered_at && (
            <DetailField label="Delivered On">{when(challan.delivered_at)}</DetailField>
          )}
          {challan.closed_at && <DetailField label="Closed On">{when(challan.closed_at)}</DetailField>}
          {challan.order && (
            <DetailField label="Sales Order">
              <Anchor component={Link} to={orderPath(challan.order.id)} size="sm">
                {challan.order.order_number}
              </Anchor>
            </DetailField>
          )}
          {challan.invoice && (
            <DetailField label="Invoice">
              <Anchor component={Link} to={invoicePath(challan.invoice.id)} size="sm">
                {challan.invoice.invoice_number}
              </Anchor>
            </DetailField>
          )}
          <DetailField label="Notes">{challan.notes}</DetailField>
        </DetailGrid>
      </Card>
      <EWayBillCard kind="delivery_challan" documentId={challan.id} />
      <DetailTabs
        tabs={[
          {
            value: 'items',
            label: 'Items',
            panel: (
              <Card withBorder padding="md">
                <Stack gap="sm">
                  <Title order={4}>Items</Title>
                  <ChallanLinesTable challan={challan} />
                </Stack>
              </Card>
            ),
          },
          { value: 'history', label: 'History', panel: <ChallanHistoryTab id={challan.id} /> },
        ]}
      />
    </Stack>
  );
}
