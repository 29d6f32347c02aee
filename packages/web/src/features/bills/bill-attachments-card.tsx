import { BILL_ATTACHMENT_MAX_BYTES, BILL_ATTACHMENT_MESSAGES, BILL_MAX_ATTACHMENTS } from '@b2b/domain/bills';
import { ActionIcon, Anchor, Button, Card, FileButton, Group, Stack, Text, Title } from '@mantine/core';
import { IconPaperclip, IconTrash, IconUpload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError } from '../../components/notify';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import {
  type Bill,
  type BillAttachment,
  useDeleteBillAttachment,
  useUploadBillAttachment,
} from './bills.api';

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp';

/** The seller's bill as they sent it (a PDF or a photo): listed for all, attached and removed by users who may change bills. */
export function BillAttachmentsCard({ bill }: { bill: Bill }) {
  const user = useCurrentUser();
  const mayChange = canPerform(user, 'change_bill') && bill.status !== 'void';
  const upload = useUploadBillAttachment(bill.id);
  const remove = useDeleteBillAttachment(bill.id);
  const resetRef = useRef<() => void>(null);
  const [removing, setRemoving] = useState<BillAttachment | null>(null);
  const full = bill.attachments.length >= BILL_MAX_ATTACHMENTS;

  const attach = (file: File | null) => {
    if (!file) return;
    if (file.size > BILL_ATTACHMENT_MAX_BYTES) {
      notifyError(BILL_ATTACHMENT_MESSAGES.too_large, BILL_ATTACHMENT_MESSAGES.upload_failed);
      resetRef.current?.();
      return;
    }
    upload.mutate(file, { onSettled: () => resetRef.current?.() });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="bill-attachments-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4} id="bill-attachments-title">
            Attachments
          </Title>
          {mayChange && (
            <FileButton resetRef={resetRef} onChange={attach} accept={ACCEPT}>
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconUpload size={16} />}
                  loading={upload.isPending}
                  disabled={full}
                >
                  Attach File
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {bill.attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No attachments yet.
            {mayChange ? ' Attach the seller’s bill: a PDF, PNG, JPEG or WebP up to 5 MB.' : ''}
          </Text>
        ) : (
          <Stack gap={4}>
            {bill.attachments.map((file) => (
              <Group key={file.id} justify="space-between" wrap="nowrap">
                <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                  <IconPaperclip size={16} aria-hidden />
                  <Anchor href={file.url} target="_blank" rel="noopener" size="sm" truncate="end">
                    {file.name}
                  </Anchor>
                </Group>
                {mayChange && (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${file.name}`}
                    onClick={() => setRemoving(file)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      <ConfirmDialog
        opened={removing !== null}
        title="Delete Attachment"
        message={`Delete ${removing?.name ?? 'the attachment'} from bill ${bill.bill_number}?`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSettled: () => setRemoving(null) })}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}
