import { type ContactListFilter, contactListRules, describeContactRule } from '@b2b/domain/contacts';
import { Button, Card, Group, List, MultiSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { DetailHeader, DetailLoader, useIdParam } from '../../components/detail-page';
import { useListParams } from '../../components/use-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { type Contact, contactListQuery as contactsQuery } from '../contacts/contacts.api';
import { contactColumns } from '../contacts/contacts-page';
import { statesQuery } from '../reference/reference.api';
import { ContactListFormDialog } from './contact-list-form-dialog';
import {
  type ContactList,
  contactListMembersQuery,
  contactListQuery,
  useChangeListMembers,
  useDeleteContactList,
} from './contact-lists.api';
import { ListKindBadge } from './contact-lists-page';

const LIST = { to: PATHS.contactLists, label: 'Contact Lists' } as const;

function AddContacts({ list, companyId }: { list: ContactList; companyId: number }) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [chosen, setChosen] = useState<string[]>([]);
  const found = useQuery(contactsQuery(companyId, { search: debounced, limit: 20 }));
  const change = useChangeListMembers(list.id);
  return (
    <Group align="flex-end">
      <MultiSelect
        label="Add contacts"
        placeholder="Search by name, phone or e-mail"
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options }) => options}
        data={(found.data?.results ?? []).map((c) => ({
          value: String(c.id),
          label: `${c.name} ${c.phone ?? c.email ?? ''}`,
        }))}
        value={chosen}
        onChange={setChosen}
        w={420}
      />
      <Button
        disabled={chosen.length === 0}
        loading={change.isPending}
        onClick={() =>
          change.mutate({ contacts: chosen.map(Number), action: 'add' }, { onSuccess: () => setChosen([]) })
        }
      >
        Add to List
      </Button>
    </Group>
  );
}

function Members({ list, canChange }: { list: ContactList; canChange: boolean }) {
  const paging = useListParams();
  const [search, setSearchText] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const { setSearch } = paging;
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  const members = useQuery(contactListMembersQuery(list.id, paging.params));
  const change = useChangeListMembers(list.id);
  const columns: Column<Contact>[] = [...contactColumns()];
  if (canChange && list.kind === 'static')
    columns.push({
      key: 'remove',
      header: 'Remove',
      render: (c) => (
        <Button
          size="xs"
          variant="default"
          onClick={() => change.mutate({ contacts: [c.id], action: 'remove' })}
        >
          Remove {c.name}
        </Button>
      ),
    });
  return (
    <Card withBorder>
      <Stack gap="md">
        <Title order={4}>Contacts</Title>
        <TextInput
          label="Search"
          placeholder="Name, phone or e-mail"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearchText(e.currentTarget.value)}
          w={260}
        />
        <DataTable
          label="List contacts"
          columns={columns}
          rowKey={(c) => c.id}
          data={members.data}
          isLoading={members.isLoading}
          error={members.error}
          onRetry={() => members.refetch()}
          limit={paging.params.limit}
          offset={paging.params.offset}
          onPageChange={paging.setPage}
          ordering={paging.params.ordering}
          onOrderingChange={paging.setOrdering}
          minWidth={900}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              {list.kind === 'static' ? 'No contacts chosen yet.' : 'No contact matches the filters now.'}
            </Text>
          }
        />
      </Stack>
    </Card>
  );
}

/** /contact-lists/$contactListId: a list, its filters read out (dynamic) and its contacts. */
export function ContactListDetailPage() {
  const id = useIdParam(PATHS.contactList);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const query = useQuery({ ...contactListQuery(id ?? 0), enabled: id !== null });
  const states = useQuery(statesQuery);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteContactList();
  const canChange = canPerform(user, 'change_contact_list');
  const stateName = (stateId: number) =>
    states.data?.results.find((s) => s.id === stateId)?.name ?? String(stateId);
  return (
    <DetailLoader
      id={id}
      query={query}
      list={LIST}
      notFoundMessage="Contact List Not Found"
      loadFailedTitle="Failed to load the contact list"
      loadingLabel="Loading contact list"
    >
      {(list) => {
        const rules = contactListRules(list.filters as ContactListFilter);
        return (
          <Stack gap="lg">
            <DetailHeader
              list={LIST}
              title={list.name}
              badges={<ListKindBadge kind={list.kind} />}
              actions={
                <>
                  {canChange && <Button onClick={() => setEditing(true)}>Edit</Button>}
                  {canPerform(user, 'delete_contact_list') && (
                    <Button color="red.9" variant="outline" onClick={() => setDeleting(true)}>
                      Delete
                    </Button>
                  )}
                </>
              }
            />
            <Card withBorder>
              <Stack gap="xs">
                <Text size="lg" fw={600}>
                  {list.contact_count.toLocaleString('en-IN')} contacts
                </Text>
                {list.description && <Text size="sm">{list.description}</Text>}
                {list.kind === 'dynamic' &&
                  (rules.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      No filters: every contact.
                    </Text>
                  ) : (
                    <List size="sm">
                      {rules.map((rule) => (
                        <List.Item key={rule.kind}>
                          {describeContactRule(rule, { state: stateName })}
                        </List.Item>
                      ))}
                    </List>
                  ))}
                {list.kind === 'static' && canChange && (
                  <AddContacts list={list} companyId={user.company.id} />
                )}
              </Stack>
            </Card>
            <Members list={list} canChange={canChange} />
            {editing && (
              <ContactListFormDialog
                companyId={user.company.id}
                list={list}
                onClose={() => setEditing(false)}
              />
            )}
            <ConfirmDialog
              opened={deleting}
              title="Delete Contact List"
              message={`Delete the contact list ${list.name}? Its contacts stay.`}
              confirmLabel="Delete"
              color="red.9"
              loading={remove.isPending}
              onClose={() => setDeleting(false)}
              onConfirm={() =>
                remove.mutate(list.id, { onSuccess: () => navigate({ to: PATHS.contactLists }) })
              }
            />
          </Stack>
        );
      }}
    </DetailLoader>
  );
}
