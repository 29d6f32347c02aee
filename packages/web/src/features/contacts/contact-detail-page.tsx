import {
  CONSENT_SOURCE_LABELS,
  CONTACT_MEDIUM_LABELS,
  type ConsentSource,
  type ContactMedium,
  OPT_OUT_WAY_LABELS,
  type OptOutWay,
} from '@b2b/domain/contacts';
import { Button, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailField } from '../../components/detail-field';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { ContactFormDialog } from './contact-form-dialog';
import {
  type Contact,
  contactHistoryQuery,
  contactQuery,
  useDeleteContact,
  useOptOutContact,
} from './contacts.api';

const LIST = { to: PATHS.contacts, label: 'Contacts' } as const;
const when = (value: string | null) => (value ? dayjs(value).format('DD/MM/YYYY hh:mm A') : '—');

const HISTORY_ACTIONS: Record<string, string> = {
  created: 'Added',
  updated: 'Changed',
  deleted: 'Deleted',
  consent_given: 'Consent given',
  opted_out: 'Opted out',
  imported: 'Imported',
  updated_by_import: 'Updated by import',
};

function historyText(action: string, changes: unknown): string {
  const c = (changes ?? {}) as Record<string, unknown>;
  if (action === 'consent_given')
    return `${CONTACT_MEDIUM_LABELS[c.medium as ContactMedium] ?? c.medium} (${CONSENT_SOURCE_LABELS[c.source as ConsentSource] ?? c.source})`;
  if (action === 'opted_out')
    return `${CONTACT_MEDIUM_LABELS[c.medium as ContactMedium] ?? c.medium} (${OPT_OUT_WAY_LABELS[c.way as OptOutWay] ?? c.way})`;
  if (action === 'imported' || action === 'updated_by_import')
    return `Import job ${c.bulk_job_id}, row ${c.row}`;
  return Object.keys(c).join(', ');
}

function ConsentCard({ contact, canChange }: { contact: Contact; canChange: boolean }) {
  const optOut = useOptOutContact();
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>Consent</Title>
        <Table.ScrollContainer minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Medium</Table.Th>
                <Table.Th>Consent</Table.Th>
                <Table.Th>Opted out</Table.Th>
                {canChange && <Table.Th>Action</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {contact.consents.map((c) => (
                <Table.Tr key={c.medium}>
                  <Table.Td>{CONTACT_MEDIUM_LABELS[c.medium as ContactMedium]}</Table.Td>
                  <Table.Td>
                    {c.consented_at
                      ? `${CONSENT_SOURCE_LABELS[c.consent_source as ConsentSource]}, ${when(c.consented_at)}`
                      : 'Not given'}
                  </Table.Td>
                  <Table.Td>
                    {c.opted_out_at
                      ? `${OPT_OUT_WAY_LABELS[c.opt_out_way as OptOutWay]}, ${when(c.opted_out_at)}`
                      : 'No'}
                  </Table.Td>
                  {canChange && (
                    <Table.Td>
                      {!c.opted_out && (
                        <Button
                          size="xs"
                          variant="default"
                          loading={optOut.isPending}
                          onClick={() =>
                            optOut.mutate({
                              id: contact.id,
                              medium: c.medium as ContactMedium,
                              way: 'by_hand',
                            })
                          }
                        >
                          Opt out of {CONTACT_MEDIUM_LABELS[c.medium as ContactMedium]}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Card>
  );
}

function HistoryCard({ contactId }: { contactId: number }) {
  const history = useQuery(contactHistoryQuery(contactId));
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Title order={4}>History</Title>
        {history.data?.results.length ? (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>What</Table.Th>
                <Table.Th>Details</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.results.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{when(String(row.created_at))}</Table.Td>
                  <Table.Td>{HISTORY_ACTIONS[row.actions.action] ?? row.actions.action}</Table.Td>
                  <Table.Td>{historyText(row.actions.action, row.actions.changes)}</Table.Td>
                  <Table.Td>
                    {row.user ? `${row.user.first_name} ${row.user.last_name}`.trim() : 'System'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text c="dimmed" size="sm">
            {history.isLoading ? 'Loading…' : 'No history yet.'}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** /contacts/$contactId: a contact, its consent per medium with its history, edit and delete. */
export function ContactDetailPage() {
  const id = useIdParam(PATHS.contact);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const query = useQuery({ ...contactQuery(id ?? 0), enabled: id !== null });
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteContact();
  const canChange = canPerform(user, 'change_contact');
  const canDelete = canPerform(user, 'delete_contact');
  return (
    <DetailLoader
      id={id}
      query={query}
      list={LIST}
      notFoundMessage="Contact Not Found"
      loadFailedTitle="Failed to load the contact"
      loadingLabel="Loading contact"
    >
      {(contact) => (
        <Stack gap="lg">
          <DetailHeader
            list={LIST}
            title={contact.name}
            actions={
              <>
                {canChange && <Button onClick={() => setEditing(true)}>Edit</Button>}
                {canDelete && !contact.buyer && (
                  <Button color="red.9" variant="outline" onClick={() => setDeleting(true)}>
                    Delete
                  </Button>
                )}
              </>
            }
          />
          <Card withBorder>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <DetailField label="Phone">{contact.phone ?? '—'}</DetailField>
              <DetailField label="WhatsApp number">{contact.whatsapp_number ?? '—'}</DetailField>
              <DetailField label="E-mail">{contact.email ?? '—'}</DetailField>
              <DetailField label="City">{contact.city ?? '—'}</DetailField>
              <DetailField label="State">{contact.state?.name ?? '—'}</DetailField>
              <DetailField label="Tags">{contact.tags.length ? contact.tags.join(', ') : '—'}</DetailField>
              <DetailField label="Buyer">{contact.buyer?.name ?? '—'}</DetailField>
              <DetailField label="Source">
                {contact.source === 'buyer'
                  ? 'Buyer'
                  : contact.source === 'import'
                    ? 'Import'
                    : 'Added by hand'}
              </DetailField>
              <DetailField label="Added on">{when(contact.created_at)}</DetailField>
            </SimpleGrid>
          </Card>
          <ConsentCard contact={contact} canChange={canChange} />
          <HistoryCard contactId={contact.id} />
          {editing && (
            <ContactFormDialog
              companyId={user.company.id}
              contact={contact}
              onClose={() => setEditing(false)}
            />
          )}
          <ConfirmDialog
            opened={deleting}
            title="Delete Contact"
            message={`Delete ${contact.name}? The contact leaves every static list.`}
            confirmLabel="Delete"
            color="red.9"
            loading={remove.isPending}
            onClose={() => setDeleting(false)}
            onConfirm={() => remove.mutate(contact.id, { onSuccess: () => navigate({ to: PATHS.contacts }) })}
          />
        </Stack>
      )}
    </DetailLoader>
  );
}
