import { BILL_MESSAGES } from '@b2b/domain/bills';
import { lineTreatmentLabel } from '@b2b/domain/gst/gst-treatment';
import { formatQuantity } from '@b2b/domain/money';
import { Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import {
  IconArrowBackUp,
  IconBan,
  IconCash,
  IconPackageImport,
  IconPencil,
  IconUser,
} from '@tabler/icons-react';
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
  billEditPath,
  billReturnPath,
  PATHS,
  productPath,
  purchaseOrderPath,
  sellerPath,
  warehousePath,
} from '../../session/paths';
import { RecordPaymentMadeDialog } from '../payments-made/record-payment-made-dialog';
import { BillDebitNotesCard } from '../purchase-returns/bill-debit-notes-card';
import { BillCommentsTab, BillPaymentsTab } from './bill-activity-tabs';
import { BillAttachmentsCard } from './bill-attachments-card';
import { DueDate } from './bill-columns';
import { BillContraAdjustments } from './bill-contra-adjustments';
import { BillStatusBadge } from './bill-status';
import { BILLS_LIST, type Bill, billHistoryQuery, billQuery, useBillAction } from './bills.api';

const when = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY, hh:mm A') : null);

/** /bills/{id}: one bill, its lines with the tax split, its totals, its actions and its history. */
export function BillDetailPage() {
  const id = useIdParam(PATHS.bill);
  const bill = useQuery({ ...billQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={bill}
      list={BILLS_LIST}
      notFoundMessage={BILL_MESSAGES.not_found}
      loadFailedTitle={BILL_MESSAGES.load_failed}
      loadingLabel="Loading bill"
    >
      {(data) => <BillDetail bill={data} />}
    </DetailLoader>
  );
}

/** Edit and Receive for a draft, Void (behind More, confirmed) while nothing is paid: each as the domain allows. */
export function BillActions({ bill }: { bill: Bill }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const mayChange = canPerform(user, 'change_bill');
  const receive = useBillAction('receive');
  const voidBill = useBillAction('void');
  const [confirming, setConfirming] = useState<'receive' | 'void' | null>(null);
  const [paying, setPaying] = useState(false);
  // A received bill with a balance takes payments made (issue 19).
  const mayPay =
    canPerform(user, 'add_payment_made') &&
    (bill.status === 'open' || bill.status === 'partially_paid') &&
    bill.balance_due > 0;
  // A received bill's goods may go back to the seller (issue 19: a purchase return and its debit note).
  const mayReturn =
    canPerform(user, 'add_purchase_return') && ['open', 'partially_paid', 'paid'].includes(bill.status);
  // The server's own list of what the bill allows now (allowedBillActions), for users who may change bills.
  const allowed = mayChange ? bill.allowed_actions : [];
  const close = () => setConfirming(null);
  const running = confirming === 'void' ? voidBill : receive;
  const dialog =
    confirming === 'void'
      ? {
          title: 'Void Bill',
          confirm: 'Void Bill',
          message:
            bill.status === 'draft'
              ? `Void ${bill.bill_number}? A void bill cannot be edited, received or restored.`
              : `Void ${bill.bill_number}? Its goods leave ${bill.warehouse.name} again, and a void bill cannot be restored.`,
        }
      : {
          title: 'Receive Bill',
          confirm: 'Receive',
          message: `The goods of ${bill.bill_number} come into ${bill.warehouse.name} at the bill's cost, and the bill can no longer be edited. Receive it?`,
        };
  const more = [
    ...(canOpen(user, 'view_seller')
      ? [
          {
            label: 'View Seller',
            icon: <IconUser size={16} />,
            onClick: () => void navigate({ to: sellerPath(bill.seller.id) }),
          },
        ]
      : []),
    ...(allowed.includes('void')
      ? [
          {
            label: 'Void Bill',
            icon: <IconBan size={16} />,
            danger: true,
            onClick: () => setConfirming('void'),
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
          onClick={() => void navigate({ to: billEditPath(bill.id) })}
        >
          Edit
        </Button>
      )}
      {allowed.includes('receive') && (
        <Button leftSection={<IconPackageImport size={16} />} onClick={() => setConfirming('receive')}>
          Receive
        </Button>
      )}
      {mayPay && (
        <Button leftSection={<IconCash size={16} />} onClick={() => setPaying(true)}>
          Record Payment
        </Button>
      )}
      {mayReturn && (
        <Button
          variant="default"
          leftSection={<IconArrowBackUp size={16} />}
          onClick={() => void navigate({ to: billReturnPath(bill.id) })}
        >
          Return Goods
        </Button>
      )}
      <MoreActionsMenu actions={more} />
      {paying && (
        <RecordPaymentMadeDialog
          bill={{ id: bill.id, seller: bill.seller, balance_due: bill.balance_due }}
          onClose={() => setPaying(false)}
        />
      )}
      <ConfirmDialog
        opened={confirming !== null}
        title={dialog.title}
        message={dialog.message}
        confirmLabel={dialog.confirm}
        color={confirming === 'void' ? 'red' : 'blue'}
        loading={running.isPending}
        onConfirm={() => running.mutate(bill.id, { onSettled: close })}
        onClose={close}
      />
    </>
  );
}

function BillLinesTable({ bill }: { bill: Bill }) {
  const intra = bill.supply_type === 'intra';
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table aria-label="Bill items" verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th>HSN</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Rate</Table.Th>
            <Table.Th ta="right">Discount</Table.Th>
            <Table.Th ta="right">Taxable Value</Table.Th>
            <Table.Th ta="right">GST</Table.Th>
            {intra ? (
              <>
                <Table.Th ta="right">CGST</Table.Th>
                <Table.Th ta="right">SGST</Table.Th>
              </>
            ) : (
              <Table.Th ta="right">IGST</Table.Th>
            )}
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>ITC</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {bill.items.map((line) => (
            <Table.Tr key={line.id}>
              <Table.Td>
                <Anchor component={Link} to={productPath(line.product.id)} size="sm">
                  {line.product.name}
                </Anchor>
                {line.product.sku && (
                  <Text size="xs" c="dimmed">
                    {line.product.sku}
                  </Text>
                )}
                {line.batch_number && (
                  <Text size="xs" c="dimmed">
                    Batch {line.batch_number}
                    {line.expiry_date ? `, expires ${formatDay(line.expiry_date)}` : ''}
                  </Text>
                )}
                {line.serial_numbers && line.serial_numbers.length > 0 && (
                  <Text
                    size="xs"
                    c="dimmed"
                    ff="monospace"
                    aria-label={`Serial numbers of ${line.product.name}`}
                  >
                    S/N: {line.serial_numbers.join(', ')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{line.hsn_code || 'N/A'}</Table.Td>
              <Table.Td ta="right">
                {formatQuantity(line.quantity)}
                {line.unit ? ` ${line.unit}` : ''}
              </Table.Td>
              <Table.Td ta="right">
                <Money value={line.rate} />
              </Table.Td>
              <Table.Td ta="right">{line.discount_percent ? `${line.discount_percent}%` : '—'}</Table.Td>
              <Table.Td ta="right">
                <Money value={line.taxable_value} />
              </Table.Td>
              <Table.Td ta="right">
                {line.tax_rate}%
                {lineTreatmentLabel(line.gst_treatment) && (
                  <Text size="xs" c="dimmed">
                    {lineTreatmentLabel(line.gst_treatment)}
                  </Text>
                )}
              </Table.Td>
              {intra ? (
                <>
                  <Table.Td ta="right">
                    <Money value={line.cgst} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money value={line.sgst} />
                  </Table.Td>
                </>
              ) : (
                <Table.Td ta="right">
                  <Money value={line.igst} />
                </Table.Td>
              )}
              <Table.Td ta="right">
                <Money value={line.total} />
              </Table.Td>
              <Table.Td>{line.itc_eligible ? 'Eligible' : 'Not eligible'}</Table.Td>
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

function BillTotals({ bill }: { bill: Bill }) {
  const charges = bill.freight_charges + bill.other_charges;
  return (
    <Card withBorder padding="md" aria-label="Bill totals" maw={{ base: '100%', sm: 420 }} ml="auto" w="100%">
      <Stack gap={6}>
        <Row label="Taxable Value" value={bill.taxable_value} />
        {bill.supply_type === 'intra' ? (
          <>
            <Row label="CGST" value={bill.cgst} />
            <Row label="SGST" value={bill.sgst} />
          </>
        ) : (
          <Row label="IGST" value={bill.igst} />
        )}
        {bill.cess !== 0 && <Row label="Cess" value={bill.cess} />}
        {bill.freight_charges !== 0 && <Row label="Freight Charges" value={bill.freight_charges} />}
        {bill.other_charges !== 0 && <Row label="Other Charges" value={bill.other_charges} />}
        {bill.round_off !== 0 && <Row label="Round Off" value={bill.round_off} />}
        <Row label="Total" value={bill.total} strong />
        {bill.status !== 'draft' && bill.status !== 'void' && (
          <>
            <Row label="Amount Paid" value={bill.amount_paid} />
            {(bill.tds_deducted ?? 0) > 0 && <Row label="TDS Deducted" value={bill.tds_deducted ?? 0} />}
            {bill.amount_credited > 0 && <Row label="Credits Applied" value={bill.amount_credited} />}
            <Row label="Balance Due" value={bill.balance_due} strong />
          </>
        )}
        <Row label="ITC Eligible" value={bill.itc_total} />
        {bill.is_reverse_charge && (
          <>
            <Row label="Tax payable by us (reverse charge)" value={bill.reverse_charge_tax} />
            <Text size="xs" c="dimmed">
              Reverse charge: the GST is paid by us to the government, not to the seller.
            </Text>
          </>
        )}
        {charges !== 0 && (
          <Text size="xs" c="dimmed">
            {BILL_MESSAGES.charges_untaxed}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function BillHistoryTab({ id }: { id: number }) {
  return <DocumentHistoryTable label="Bill history" query={useQuery(billHistoryQuery(id))} />;
}

function BillDetail({ bill }: { bill: Bill }) {
  const mayComment = canPerform(useCurrentUser(), 'change_bill') && bill.status !== 'void';
  const person = bill.created_by
    ? `${bill.created_by.first_name} ${bill.created_by.last_name}`.trim()
    : 'System';
  return (
    <Stack gap="lg">
      <DetailHeader
        list={BILLS_LIST}
        title={`Bill ${bill.bill_number}`}
        badges={
          <>
            <BillStatusBadge status={bill.status} />
            <Text size="sm" c="dimmed">
              {bill.seller.name}
            </Text>
          </>
        }
        actions={<BillActions bill={bill} />}
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Seller">
            <Anchor component={Link} to={sellerPath(bill.seller.id)} size="sm">
              {bill.seller.name}
            </Anchor>
          </DetailField>
          <DetailField label="Seller GSTIN">{bill.seller_gstin ?? 'Unregistered'}</DetailField>
          <DetailField label="Supply">
            {bill.supply_type === 'intra' ? 'Within the state (CGST + SGST)' : 'Inter-state (IGST)'}
          </DetailField>
          <DetailField label="Bill Date">{formatDay(bill.bill_date)}</DetailField>
          <DetailField label="Due Date">
            <DueDate bill={bill} />
          </DetailField>
          <DetailField label="Branch">{bill.branch.name}</DetailField>
          <DetailField label="Receiving Warehouse">
            <Anchor component={Link} to={warehousePath(bill.warehouse.id)} size="sm">
              {bill.warehouse.name}
            </Anchor>
          </DetailField>
          {bill.purchase_order && (
            <DetailField label="Purchase Order">
              <Anchor component={Link} to={purchaseOrderPath(bill.purchase_order.id)} size="sm">
                {bill.purchase_order.order_number}
              </Anchor>
            </DetailField>
          )}
          <DetailField label="Reverse Charge">{bill.is_reverse_charge ? 'Yes' : 'No'}</DetailField>
          <DetailField label="Rates">
            {bill.is_tax_inclusive ? 'Entered including GST' : 'Excluding GST'}
          </DetailField>
          <DetailField label="Created By">{person}</DetailField>
          <DetailField label="Created On">{when(String(bill.created_at))}</DetailField>
          {bill.received_at && (
            <DetailField label="Received On">{when(String(bill.received_at))}</DetailField>
          )}
          {bill.voided_at && <DetailField label="Voided On">{when(String(bill.voided_at))}</DetailField>}
          <DetailField label="Notes">{bill.notes}</DetailField>
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
                    <BillLinesTable bill={bill} />
                  </Stack>
                </Card>
                <BillTotals bill={bill} />
                <BillDebitNotesCard bill={bill} />
                <BillContraAdjustments bill={bill} />
                <BillAttachmentsCard bill={bill} />
              </Stack>
            ),
          },
          ...(bill.status === 'draft'
            ? []
            : [{ value: 'payments', label: 'Payments', panel: <BillPaymentsTab billId={bill.id} /> }]),
          {
            value: 'comments',
            label: 'Comments',
            panel: <BillCommentsTab billId={bill.id} mayComment={mayComment} />,
          },
          { value: 'history', label: 'History', panel: <BillHistoryTab id={bill.id} /> },
        ]}
      />
    </Stack>
  );
}
