import { notificationContactInput } from '@b2b/domain/api/companies';
import { NOT_APPLICABLE } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Card, Group, Modal, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import {
  branchContactsQuery,
  type NotificationContact,
  useAddBranchContact,
  useDeleteBranchContact,
  useUpdateBranchContact,
} from './branches.api';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; contact: NotificationContact }
  | { kind: 'delete'; contact: NotificationContact }
  | null;

/** The people who receive this branch's notifications. */
export function BranchContactsTab({ branchId, canChange }: { branchId: number; canChange: boolean }) {
  const contacts = useQuery(branchContactsQuery(branchId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteBranchContact(branchId);

  let content: ReactNode;
  if (contacts.isPending) {
    content = <Skeleton height={72} aria-busy="true" aria-label="Loading notification contacts" />;
  } else if (contacts.isError) {
    content = (
      <LoadErrorAlert
        error={contacts.error}
        onRetry={() => contacts.refetch()}
        title="Failed to load notification contacts."
      />
    );
  } else if (contacts.data.length === 0) {
    content = (
      <Text c="dimmed" ta="center" py="md">
        No notification contact persons yet.
      </Text>
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={480}>
        <Table aria-label="Notification Contacts" verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Phone</Table.Th>
              {canChange && <Table.Th ta="right">Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.data.map((contact) => (
              <Table.Tr key={contact.id}>
                <Table.Td fw={500}>{contact.name}</Table.Td>
                <Table.Td>{contact.email || NOT_APPLICABLE}</Table.Td>
                <Table.Td>{contact.phone || NOT_APPLICABLE}</Table.Td>
                {canChange && (
                  <Table.Td>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`Edit ${contact.name}`}
                        onClick={() => setDialog({ kind: 'edit', contact })}
                      >
                        <IconEdit size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete ${contact.name}`}
                        onClick={() => setDialog({ kind: 'delete', contact })}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={4}>Notification Contacts</Title>
            <Text size="sm" c="dimmed">
              People who receive this branch's notifications.
            </Text>
          </div>
          {canChange && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ kind: 'add' })}
            >
              Add Contact
            </Button>
          )}
        </Group>
        {content}
      </Stack>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <ContactDialog
          branchId={branchId}
          contact={dialog.kind === 'edit' ? dialog.contact : null}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Notification Contact"
        message={
          dialog?.kind === 'delete'
            ? `${dialog.contact.name} will no longer receive notifications. Delete?`
            : ''
        }
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'delete')
            remove.mutate(dialog.contact.id, { onSettled: () => setDialog(null) });
        }}
      />
    </Card>
  );
}

type ContactValues = z.input<typeof notificationContactInput>;
const CONTACT_FIELDS = ['name', 'email', 'phone'] as const;

function ContactDialog({
  branchId,
  contact,
  onClose,
}: {
  branchId: number;
  contact: NotificationContact | null;
  onClose: () => void;
}) {
  const add = useAddBranchContact(branchId);
  const update = useUpdateBranchContact(branchId);
  const form = useForm<ContactValues>({
    mode: 'onTouched',
    resolver: zodResolver(notificationContactInput),
    defaultValues: { name: contact?.name ?? '', email: contact?.email ?? '', phone: contact?.phone ?? '' },
  });
  const submit = form.handleSubmit(async (values) => {
    const parsed = notificationContactInput.parse(values);
    const body = { name: parsed.name, email: parsed.email ?? null, phone: parsed.phone ?? null };
    try {
      if (contact) await update.mutateAsync({ id: contact.id, body });
      else await add.mutateAsync(body);
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, CONTACT_FIELDS);
    }
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={contact ? 'Edit Notification Contact' : 'Add Notification Contact'}
      size="md"
    >
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField
            control={form.control}
            name="name"
            label="Name"
            required
            maxLength={100}
            data-autofocus
          />
          <TextField control={form.control} name="email" label="Email" type="email" autoComplete="off" />
          <TextField control={form.control} name="phone" label="Phone" inputMode="tel" maxLength={10} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              {contact ? 'Save' : 'Add Contact'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
