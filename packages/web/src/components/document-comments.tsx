import { commentInput, type commentOutput } from '@b2b/domain/api/sales-orders';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import dayjs from 'dayjs';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyServerErrors } from './server-errors';
import { TextareaField } from './textarea-field';

export type DocumentComment = z.infer<typeof commentOutput>;
type Values = z.input<typeof commentInput>;

function AddComment({ onAdd, adding }: { onAdd: (comment: string) => Promise<unknown>; adding: boolean }) {
  const form = useForm<Values, unknown, z.output<typeof commentInput>>({
    resolver: zodResolver(commentInput),
    defaultValues: { comment: '' },
  });
  const submit = form.handleSubmit(async ({ comment }) => {
    try {
      await onAdd(comment);
      form.reset({ comment: '' });
    } catch (error) {
      applyServerErrors(error, form.setError, ['comment']);
    }
  });
  return (
    <form noValidate onSubmit={submit} aria-label="Add Comment">
      <Stack gap="xs">
        <TextareaField control={form.control} name="comment" label="Comment" rows={3} maxLength={2000} />
        <Group justify="flex-end">
          <Button type="submit" loading={adding}>
            Add Comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A document's comments, newest first, and (for those who may) a box to add one. */
export function DocumentComments({
  comments,
  mayComment,
  onAdd,
  adding,
}: {
  comments: readonly DocumentComment[];
  mayComment: boolean;
  onAdd: (comment: string) => Promise<unknown>;
  adding: boolean;
}) {
  const newestFirst = [...comments].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)));
  return (
    <Stack gap="md">
      {mayComment && <AddComment onAdd={onAdd} adding={adding} />}
      {newestFirst.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No comments yet.
        </Text>
      ) : (
        newestFirst.map((c) => (
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
