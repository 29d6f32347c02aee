import type { BillPaymentMadeOutput } from '@b2b/domain/payments-made';
import { PAYMENT_MADE_STATUSES } from '@b2b/domain/payments-made';
import { Alert, Anchor, Button, Skeleton, Stack, Table, Text } from '@mantine/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorDetail } from '../../api/api-error';
import { api } from '../../api/client';
import { type DocumentComment, DocumentComments } from '../../components/document-comments';
import { formatDay } from '../../components/format-day';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { paymentMadePath } from '../../session/paths';
import { billKeys } from './bills.api';

/** A bill's Payments and Comments tabs: what paid it, and what the team noted on it. */

const paymentsKey = (id: number) => [...billKeys.all, 'payments-made', id] as const;
const commentsKey = (id: number) => [...billKeys.all, 'comments', id] as const;

export const billPaymentsQuery = (id: number) =>
  queryOptions({
    queryKey: paymentsKey(id),
    queryFn: ({ signal }) =>
      api.get<BillPaymentMadeOutput[]>(`admin/bills/${id}/payments_made`, undefined, signal),
  });

export const billCommentsQuery = (id: number) =>
  queryOptions({
    queryKey: commentsKey(id),
    queryFn: ({ signal }) => api.get<DocumentComment[]>(`admin/bills/${id}/comments`, undefined, signal),
  });

function LoadFailed({ title, error, retry }: { title: string; error: unknown; retry: () => void }) {
  return (
    <Alert color="red" title={title} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{errorDetail(error)}</Text>
        <Button size="xs" variant="light" color="red" onClick={retry}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}

/** The payments made that paid the bill, with the TDS of each (void ones marked so). */
export function BillPaymentsTab({ billId }: { billId: number }) {
  const payments = useQuery(billPaymentsQuery(billId));
  if (payments.isPending) return <Skeleton height={90} aria-label="Loading payments" />;
  if (payments.isError)
    return (
      <LoadFailed title="Failed to load payments" error={payments.error} retry={() => payments.refetch()} />
    );
  if (payments.data.length === 0)
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        No payments made against this bill yet.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Payments made" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Payment</Table.Th>
            <Table.Th>Date</Table.Th>
            <Table.Th>Method</Table.Th>
            <Table.Th>Reference</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th ta="right">TDS</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {payments.data.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Anchor component={Link} to={paymentMadePath(p.id)} size="sm">
                  {p.payment_number}
                </Anchor>
              </Table.Td>
              <Table.Td>{formatDay(p.payment_date)}</Table.Td>
              <Table.Td>{p.payment_method}</Table.Td>
              <Table.Td>{p.reference_number}</Table.Td>
              <Table.Td>
                <StatusBadge options={PAYMENT_MADE_STATUSES} value={p.status} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={p.amount} />
              </Table.Td>
              <Table.Td ta="right">
                <Money value={p.tds_amount} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The bill's comments; users who may change bills add them. */
export function BillCommentsTab({ billId, mayComment }: { billId: number; mayComment: boolean }) {
  const comments = useQuery(billCommentsQuery(billId));
  const client = useQueryClient();
  const add = useMutation({
    mutationFn: (comment: string) => api.post<DocumentComment>(`admin/bills/${billId}/comments`, { comment }),
    meta: { successMessage: 'Comment added.', errorMessage: 'Failed to add comment' },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: commentsKey(billId) }),
        client.invalidateQueries({ queryKey: billKeys.history(billId) }),
      ]),
  });
  if (comments.isPending) return <Skeleton height={90} aria-label="Loading comments" />;
  if (comments.isError)
    return (
      <LoadFailed title="Failed to load comments" error={comments.error} retry={() => comments.refetch()} />
    );
  return (
    <DocumentComments
      comments={comments.data}
      mayComment={mayComment}
      onAdd={(comment) => add.mutateAsync(comment)}
      adding={add.isPending}
    />
  );
}
