import { NOT_APPLICABLE } from '@b2b/domain/money';
import { ActionIcon, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Company, type NotificationContact, useDeleteNotificationContact } from './companies.api';
import { NotificationContactDialog } from './notification-contact-dialog';

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; contact: NotificationContact }
  | { kind: 'delete'; contact: NotificationContact }
  | null;

export interface NotificationContactsCardProps {
  company: Company;
  canChange: boolean;
}

/** The company's notification contact persons; they come with the company, so they load with it. */
export function NotificationContactsCard({ company, canChange }: NotificationContactsCardProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteNotificationContact(company.id);
  const contacts = company.notification_contacts;

  return (
    <Card withBorder padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <div>
            <Title order={3} fz="h4">
              Notification Contacts
            </Title>
            <Text size="sm" c="dimmed">
              People who receive the company's notifications.
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
        {contacts.length === 0 ? (
          <Text c="dimmed" ta="center" py="md">
            No notification contact persons yet.
          </Text>
        ) : (
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
                {contacts.map((contact) => (
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
        )}
      </Stack>
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <NotificationContactDialog
          companyId={company.id}
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
