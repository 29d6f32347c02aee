import { SALES_ORDER_FORM_MESSAGES } from '@b2b/domain/api/sales-orders';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import dayjs from 'dayjs';
import { useState } from 'react';
import { type SalesOrder, useAddOrderComment } from './sales-orders.api';

const COMMENT_MAX = 2000;

/** The order's comments, oldest first, and a box to add one. */
export function OrderCommentsTab({ order, canComment }: { order: SalesOrder; canComment: boolean }) {
  const add = useAddOrderComment(order.id);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = () => {
    if (text.trim() === '') {
      setProblem(SALES_ORDER_FORM_MESSAGES.comment_required);
      return;
    }
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  };
  return (
    <Stack gap="md">
      {order.comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      ) : (
        order.comments.map((comment) => (
          <Paper key={comment.id} withBorder p="sm" radius="sm">
            <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
              {comment.comment}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              {comment.user ? `${comment.user.first_name} ${comment.user.last_name}`.trim() : 'System'} ·{' '}
              {dayjs(comment.created_at).format('DD/MM/YYYY, hh:mm A')}
            </Text>
          </Paper>
        ))
      )}
      {canComment && (
        <Stack gap="xs">
          <Textarea
            label="Add a comment"
            placeholder="Write a comment for your team"
            value={text}
            maxLength={COMMENT_MAX}
            rows={3}
            error={problem}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setProblem(null);
            }}
          />
          <Group justify="flex-end">
            <Button loading={add.isPending} onClick={submit}>
              Add Comment
            </Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}
