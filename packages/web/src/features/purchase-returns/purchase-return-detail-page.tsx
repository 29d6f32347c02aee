import { DEBIT_NOTE_STATUSES } from '@b2b/domain/debit-notes';
import { formatQuantity } from '@b2b/domain/money';
import { PURCHASE_RETURN_MESSAGES, PURCHASE_RETURN_STATUSES } from '@b2b/domain/purchase-returns';
import { Anchor, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
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
import { billPath, debitNotePath, PATHS, productPath, sellerPath } from '../../session/paths';
import {
  PURCHASE_RETURNS_LIST,
  type PurchaseReturnDetail,
  purchaseReturnHistoryQuery,
  purchaseReturnQuery,
  useVoidPurchaseReturn,
} from './purchase-returns.api';

/** /purchase-returns/{id}: the goods sent back, the debit note they raised, Void and history. */
export function PurchaseReturnDetailPage() {
  const id = useIdParam(PATHS.purchaseReturn);
  const query = useQuery({ ...purchaseReturnQuery(id ?? 0), enabled: id !== null });
  return (
    <DetailLoader
      id={id}
      query={query}
      list={PURCHASE_RETURNS_LIST}
      notFoundMessage={PURCHASE_RETURN_MESSAGES.not_found}
      loadFailedTitle={PURCHASE_RETURN_MESSAGES.load_failed}
      loadingLabel="Loading purchase return"
    >
      {(data) => <PurchaseReturnView purchaseReturn={data} />}
    </DetailLoader>
  );
}

function PurchaseReturnView({ purchaseReturn: r }: { purchaseReturn: PurchaseReturnDetail }) {
  const user = useCurrentUser();
  const voidReturn = useVoidPurchaseReturn();
  const [confirming, setConfirming] = useState(false);
  const mayVoid = canPerform(user, 'change_purchase_return') && r.allowed_actions.includes('void');
  const note = r.debit_note_detail;
  const history = useQuery(purchaseReturnHistoryQuery(r.id));
  return (
    <Stack gap="lg">
      <DetailHeader
        list={PURCHASE_RETURNS_LIST}
        title={r.return_number}
        badges={<StatusBadge options={PURCHASE_RETURN_STATUSES} value={r.status} />}
        actions={
          mayVoid ? (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Void
            </Button>
          ) : undefined
        }
      />
      <Card withBorder padding="md">
        <DetailGrid>
          <DetailField label="Bill">
            <Anchor component={Link} to={billPath(r.bill.id)} size="sm">
              {r.bill.bill_number}
            </Anchor>
          </DetailField>
          <DetailField label="Seller">
            <Anchor component={Link} to={sellerPath(r.seller.id)} size="sm">
              {r.seller.name}
            </Anchor>
          </DetailField>
          <DetailField label="Return Date">{formatDay(r.return_date)}</DetailField>
          <DetailField label="Branch">{r.branch.name}</DetailField>
          <DetailField label="Warehouse">{r.warehouse.name}</DetailField>
          <DetailField label="Quantity">{formatQuantity(r.total_quantity)}</DetailField>
          <DetailField label="Reason">{r.reason}</DetailField>
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
                    <Title order={2} size="h5">
                      Goods Returned
                    </Title>
                    <Table.ScrollContainer minWidth={420}>
                      <Table aria-label="Returned items" striped>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>Product</Table.Th>
                            <Table.Th>Batch</Table.Th>
                            <Table.Th ta="right">Quantity</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {r.items.map((item) => (
                            <Table.Tr key={item.id}>
                              <Table.Td>
                                <Anchor component={Link} to={productPath(item.product.id)} size="sm">
                                  {item.product.name}
                                </Anchor>
                              </Table.Td>
                              <Table.Td>{item.batch_number ?? '—'}</Table.Td>
                              <Table.Td ta="right">
                                {formatQuantity(item.quantity)}
                                {item.unit ? ` ${item.unit}` : ''}
                              </Table.Td>
                            </Table.Tr>
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  </Stack>
                </Card>
                {note && (
                  <Card withBorder padding="md" aria-label="Debit note">
                    <Stack gap="sm">
                      <Title order={2} size="h5">
                        Debit Note
                      </Title>
                      <DetailGrid>
                        <DetailField label="Debit Note">
                          <Anchor component={Link} to={debitNotePath(note.id)} size="sm">
                            {note.debit_note_number}
                          </Anchor>
                        </DetailField>
                        <DetailField label="Status">
                          <StatusBadge options={DEBIT_NOTE_STATUSES} value={note.status} />
                        </DetailField>
                        <DetailField label="Taxable Value">
                          <Money value={note.taxable_value} />
                        </DetailField>
                        <DetailField label="GST Reversed">
                          <Money value={note.cgst + note.sgst + note.igst + note.cess} />
                        </DetailField>
                        <DetailField label="ITC Reversed">
                          <Money value={note.itc_reversed} />
                        </DetailField>
                        <DetailField label="Total">
                          <Money value={note.total} />
                        </DetailField>
                        <DetailField label="Applied to Bills">
                          <Money value={note.applied} />
                        </DetailField>
                        <DetailField label="Seller Credit Left">
                          <Money value={note.balance} />
                        </DetailField>
                      </DetailGrid>
                    </Stack>
                  </Card>
                )}
              </Stack>
            ),
          },
          {
            value: 'history',
            label: 'History',
            panel: <DocumentHistoryTable label="Purchase return history" query={history} />,
          },
        ]}
      />
      <ConfirmDialog
        opened={confirming}
        title="Void Purchase Return"
        message={`${PURCHASE_RETURN_MESSAGES.void_confirm} (${r.return_number})`}
        confirmLabel="Void Purchase Return"
        color="red"
        loading={voidReturn.isPending}
        onConfirm={() => voidReturn.mutate(r.id, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      />
      {r.status === 'void' && (
        <Text size="sm" c="dimmed">
          This return is void: its goods are back in stock and its debit note is void.
        </Text>
      )}
    </Stack>
  );
}
