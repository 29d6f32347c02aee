import { commentInput } from '@b2b/domain/api/sales-orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from '../../components/server-errors';
import { TextareaField } from '../../components/textarea-field';
import { type Invoice, useAddInvoiceComment } from './invoices.api';

type Values = z.input<typeof commentInput>;

function AddComment({ invoiceId }: { invoiceId: number }) {
  const add = useAddInvoiceComment(invoiceId);
  const form = useForm<Values, unknown, z.output<typeof commentInput>>({
    resolver: zodResolver(commentInput),
    defaultValues: { comment: '' },
  });
  const submit = form.handleSubmit(async ({ comment }) => {
    try {
      await add.mutateAsync(comment);
      form.reset({ comment: '' });
    } catch (error) {
      applyServerErrors(error, form.setError, ['comment']);
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Add Comment">
      <Stack gap="xs">
        <TextareaField
          control={form.control}
          name="comment"
          label="Comment"
          minRows={2}
          maxLength={2000}
          autosize
        />
        <Group justify="flex-end">
          <Button type="submit" loading={add.isPending}>
            Add Comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The invoice's comments, newest first, and a box to add one. */
export function InvoiceCommentsTab({ invoice, mayComment }: { invoice: Invoice; mayComment: boolean }) {
  const comments = [...invoice.comments].sort((a, b) =>
    String(b.created_at).localeCompare(String(a.created_at)),
  );
  return (
    <Stack gap="md">
      {mayComment && <AddComment invoiceId={invoice.id} />}
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No comments yet.
        </Text>
      ) : (
        comments.map((c) => (
          <Card key={c.id} withBorder padding="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {c.comment}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {c.user ? `${c.user.first_name} ${c.user.last_name}`.trim() : 'System'} ·{' '}
              {dayjs(c.created_at).format('DD/MM/YYYY, hh:mm A')}
            </Text>
          </Card>
        ))
      )}
    </Stack>
  );
}
