import { NOT_APPLICABLE } from '@b2b/domain/money';
import { ActionIcon, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { LoadErrorAlert } from '../../components/load-error-alert';
import type { NotificationContact } from './companies.api';
import { NotificationContactDialog, type NotificationContactSaving } from './notification-contact-dialog';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; contact: NotificationContact }
  | { kind: 'delete'; contact: NotificationContact }
  | null;

export interface NotificationContactsProps extends NotificationContactSaving {
  /** The contacts, or the query that loads them (a company's come with the company). */
  contacts: NotificationContact[] | UseQueryResult<NotificationContact[]>;
  /** Whose notifications they receive: "the company's", "this branch's". */
  owner: string;
  remove: { mutate: (id: number, options: { onSettled: () => void }) => void; isPending: boolean };
  canChange: boolean;
}

/** The people who receive one owner's notifications (the company, a branch): add, edit, delete. */
export function NotificationContacts({
  contacts,
  owner,
  add,
  update,
  remove,
  canChange,
}: NotificationContactsProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={3} fz="h4">
              Notification Contacts
            </Title>
            <Text size="sm" c="dimmed">
              People who receive {owner} notifications.
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
        <ContactsTable contacts={contacts} canChange={canChange} onOpen={setDialog} />
      </Stack>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <NotificationContactDialog
          add={add}
          update={update}
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

function ContactsTable({
  contacts,
  canChange,
  onOpen,
}: {
  contacts: NotificationContactsProps['contacts'];
  canChange: boolean;
  onOpen: (dialog: Dialog) => void;
}): ReactNode {
  if (!Array.isArray(contacts)) {
    if (contacts.isPending) {
      return <Skeleton height={72} aria-busy="true" aria-label="Loading notification contacts" />;
    }
    if (contacts.isError) {
      return (
        <LoadErrorAlert
          error={contacts.error}
          onRetry={() => contacts.refetch()}
          title="Failed to load notification contacts."
        />
      );
    }
  }
  const rows = Array.isArray(contacts) ? contacts : contacts.data;
  if (rows.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="md">
        No notification contact persons yet.
      </Text>
    );
  }
  return (
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
          {rows.map((contact) => (
            <Table.Tr key={contact.id}>
              <Table.Td fw={500}>{contact.name}</Table.Td>
              <Table.Td>{contact.email || NOT_APPLICABLE}</Table.Td>
              <Table.Td>{contact.phone || NOT_APPLICABLE}</Table.Td>
              {canChange && (
                <Table.Td>
                  <RowActions
                    name={contact.name}
                    onEdit={() => onOpen({ kind: 'edit', contact })}
                    onDelete={() => onOpen({ kind: 'delete', contact })}
                  />
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${name}`} onClick={onEdit}>
        <IconEdit size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} onClick={onDelete}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
