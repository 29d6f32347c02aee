import { DEBIT_NOTE_STATUSES, debitNoteKindLabel } from '@b2b/domain/debit-notes';
import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { debitNotePath, purchaseReturnPath } from '../../session/paths';
import type { Bill } from '../bills/bills.api';

/** The bill page's Returns / Debit Notes: its purchase returns' notes and notes applied to it. */
export function BillDebitNotesCard({ bill }: { bill: Bill }) {
  const notes = bill.debit_notes ?? [];
  if (bill.status === 'draft') return null;
  return (
    <Card withBorder padding="md" aria-label="Returns and debit notes">
      <Stack gap="sm">
        <Title order={2} size="h5">
          Returns / Debit Notes
        </Title>
        {notes.length === 0 ? (
          <Text size="sm" c="dimmed">
            No goods returned and no debit note on this bill.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label="Debit notes of the bill" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Debit Note</Table.Th>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Purchase Return</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                  <Table.Th ta="right">Applied to This Bill</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {notes.map((note) => (
                  <Table.Tr key={note.id}>
                    <Table.Td>
                      <Anchor component={Link} to={debitNotePath(note.id)} size="sm">
                        {note.debit_note_number}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{formatDay(note.debit_note_date)}</Table.Td>
                    <Table.Td>
                      {note.purchase_return ? (
                        <Anchor component={Link} to={purchaseReturnPath(note.purchase_return.id)} size="sm">
                          {note.purchase_return.return_number}
                        </Anchor>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{debitNoteKindLabel(note.kind)}</Table.Td>
                    <Table.Td ta="right">
                      <Money value={note.total} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money value={note.applied_to_bill} />
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge options={DEBIT_NOTE_STATUSES} value={note.status} />
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
