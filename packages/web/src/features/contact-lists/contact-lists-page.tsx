import { Anchor, Badge, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { useUrlFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { ContactListFormDialog } from './contact-list-form-dialog';
import { type ContactList, contactListsQuery } from './contact-lists.api';

export function ListKindBadge({ kind }: { kind: 'static' | 'dynamic' }) {
  return (
    <Badge variant="light" color={kind === 'dynamic' ? 'violet' : 'gray'}>
      {kind === 'dynamic' ? 'Dynamic' : 'Static'}
    </Badge>
  );
}

const COLUMNS: Column<ContactList>[] = [
  {
    key: 'name',
    header: 'Contact List',
    sortField: 'name',
    render: (list) => (
      <Anchor
        component={Link}
        to={PATHS.contactList.replace('$contactListId', String(list.id))}
        fw={500}
        size="sm"
      >
        {list.name}
      </Anchor>
    ),
  },
  { key: 'kind', header: 'Type', render: (list) => <ListKindBadge kind={list.kind} /> },
  {
    key: 'count',
    header: 'Contacts',
    align: 'right',
    render: (list) => list.contact_count.toLocaleString('en-IN'),
  },
  {
    key: 'created_at',
    header: 'Created On',
    sortField: 'created_at',
    sortFirst: 'descending',
    render: (list) => dayjs(list.created_at).format('DD/MM/YYYY'),
  },
];

/** /contact-lists: static and dynamic lists with their live counts. */
export function ContactListsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_contact_list');
  const navigate = useNavigate();
  const list = useUrlListParams();
  const [searchText, setSearchText] = useState(list.params.search);
  const [debounced] = useDebouncedValue(searchText, 300);
  const { setSearch } = list;
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  const [kind, setKind] = useUrlFilter<string>('kind', 'all');
  const [creating, setCreating] = useState(false);
  const lists = useQuery(
    contactListsQuery(companyId, {
      ...list.params,
      kind: kind === 'static' || kind === 'dynamic' ? kind : undefined,
    }),
  );
  const filtered = list.params.search !== '' || kind !== 'all';
  const noneYet = !filtered && lists.data?.count === 0 && !lists.isPlaceholderData;
  const open = (id: number) =>
    navigate({ to: '/contact-lists/$contactListId', params: { contactListId: String(id) } });

  return (
    <ListPage
      title="Contact Lists"
      addLabel="Create Contact List"
      onAdd={canAdd ? () => setCreating(true) : undefined}
      dialogOpen={creating}
      readOnlyThing={canPerform(user, 'change_contact_list') ? undefined : 'contact lists'}
      noneYet={noneYet}
      area="contact-lists"
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Contact list name"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={260}
          />
          <Select
            label="Type"
            allowDeselect={false}
            data={[
              { value: 'all', label: 'All' },
              { value: 'static', label: 'Static' },
              { value: 'dynamic', label: 'Dynamic' },
            ]}
            value={kind}
            onChange={(value) => {
              setKind(value ?? 'all');
              list.resetPage();
            }}
            w={140}
          />
        </Group>
      }
      table={
        <DataTable
          label="Contact Lists"
          columns={COLUMNS}
          rowKey={(l) => l.id}
          data={lists.data}
          isLoading={lists.isLoading}
          error={lists.error}
          errorTitle="Failed to load contact lists"
          onRetry={() => lists.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          onRowClick={(l) => open(l.id)}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No contact list matches the search or the filters.
            </Text>
          }
        />
      }
    >
      {creating && (
        <ContactListFormDialog
          companyId={companyId}
          onClose={() => setCreating(false)}
          onSaved={(l) => open(l.id)}
        />
      )}
    </ListPage>
  );
}
