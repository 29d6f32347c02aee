import { formatQuantity } from '@b2b/domain/money';
import {
  SALES_RETURN_DISPOSITION_OPTIONS,
  SALES_RETURN_MESSAGES,
  SALES_RETURN_STATUS_OPTIONS,
} from '@b2b/domain/sales-returns';
import { Anchor, Button, Card, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { DetailHeader, DetailLoader, DetailTabs, useIdParam } from '../../components/detail-page';
import { DocumentHistoryTable } from '../../components/document-history-table';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { creditNotePath, invoiceCreditNotePath, invoicePath, orderPath, PATHS } from '../../session/paths';
import {
  SALES_RETURNS_LIST,
  type SalesReturn,
  salesReturnHistoryQuery,
  salesReturnLoadErrorTitle,
  salesReturnQuery,
  useCancelSalesReturn,
} from './sales-returns.api';

/** /sales-returns/{id}: the return, its goods, its credit note and history. */
export function SalesReturnDetailPage() {
  const id = useIdParam(PATHS.salesReturn);
  const query = useQuery({ ...salesReturnQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={query}
      list={SALES_RETURNS_LIST}
      notFoundMessage={SALES_RETURN_MESSAGES.not_found}
      loadFailedTitle={salesReturnLoadErrorTitle(query.error, SALES_RETURN_MESSAGES.load_failed)}
      loadingLabel="Loading sales return"
    >
      {(data) => <SalesReturnDetail salesReturn={data} />}
    </DetailLoader>
  );
}

function SalesReturnDetail({ salesReturn }: { salesReturn: SalesReturn }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelSalesReturn(salesReturn.id);
  const history = useQuery(salesReturnHistoryQuery(salesReturn.id));
  const mayCredit =
    canPerform(user, 'add_credit_note') && salesReturn.allowed_actions.includes('issue_credit_note');
  const mayCancel = canPerform(user, 'change_sales_return') && salesReturn.allowed_actions.includes('cancel');
  return (
    <Stack gap="lg">
      <DetailHeader
        list={SALES_RETURNS_LIST}
        title={salesReturn.return_number}
        badges={
          <>
            <StatusBadge options={SALES_RETURN_STATUS_OPTIONS} value={salesReturn.status} />
            <StatusBadge options={SALES_RETURN_DISPOSITION_OPTIONS} value={salesReturn.disposition} />
          </>
        }
        actions={
          <>
            {mayCredit && (
              <Button
                onClick={() =>
                  void navigate({
                    to: invoiceCreditNotePath(salesReturn.invoice.id),
                    search: { sales_return: salesReturn.id },
                  })
                }
              >
                Issue Credit Note
              </Button>
            )}
            {mayCancel && (
              <Button variant="default" color="red" onClick={() => setConfirming(true)}>
                Cancel Return
              </Button>
            )}
          </>
        }
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Return Date">{formatDay(salesReturn.return_date)}</DetailField>
          <DetailField label="Invoice">
            <Anchor component={Link} to={invoicePath(salesReturn.invoice.id)} size="sm">
              {salesReturn.invoice.invoice_number}
            </Anchor>
          </DetailField>
          <DetailField label="Order">
            <Anchor component={Link} to={orderPath(salesReturn.order.id)} size="sm">
              {salesReturn.order.order_number}
            </Anchor>
          </DetailField>
          <DetailField label="Buyer">{salesReturn.buyer.name}</DetailField>
          <DetailField label="Return Reference No">{salesReturn.return_reference_no}</DetailField>
          <DetailField label="Reason">{salesReturn.reason}</DetailField>
          <DetailField label="Warehouse">
            {salesReturn.disposition === 'damaged'
              ? 'Written off as damaged'
              : (salesReturn.warehouse?.name ?? 'Where each item was sold from')}
          </DetailField>
          <DetailField label="Adjustments">
            <Money value={salesReturn.adjustments} />
          </DetailField>
          <DetailField label="Credit Note">
            {salesReturn.credit_note && (
              <Anchor component={Link} to={creditNotePath(salesReturn.credit_note.id)} size="sm">
                {salesReturn.credit_note.credit_note_number}
              </Anchor>
            )}
          </DetailField>
        </DetailGrid>
      </Card>
      <DetailTabs
        tabs={[
          {
            value: 'items',
            label: 'Items',
            panel: (
              <Card withBorder padding="md">
                <Table aria-label="Returned items" verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Product</Table.Th>
                      <Table.Th>Warehouse</Table.Th>
                      <Table.Th ta="right">Return Quantity</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {salesReturn.items.map((item) => (
                      <Table.Tr key={item.id}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {item.product.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {item.product.sku ?? 'No SKU'}
                          </Text>
                        </Table.Td>
                        <Table.Td>{item.warehouse?.name ?? 'Damaged'}</Table.Td>
                        <Table.Td ta="right">
                          {formatQuantity(item.return_quantity)}
                          {item.unit ? ` ${item.unit}` : ''}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Card>
            ),
          },
          {
            value: 'history',
            label: 'History',
            panel: <DocumentHistoryTable label="Sales return history" query={history} />,
          },
        ]}
      />
      <ConfirmDialog
        opened={confirming}
        title="Cancel Sales Return"
        message={
          salesReturn.disposition === 'restock'
            ? 'The returned goods will be taken out of stock again. Cancel this sales return?'
            : 'Cancel this sales return?'
        }
        confirmLabel="Cancel Return"
        color="red"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
