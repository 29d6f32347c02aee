import { CONTACT_MEDIUM_LABELS, CONTACT_MEDIUMS, type ContactMedium } from '@b2b/domain/contacts';
import { Anchor, Badge, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileImport, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { DownloadListCsvButton, downloadListCsv } from '../../components/download-list-csv';
import { ListPage } from '../../components/list-page';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { PATHS } from '../../session/paths';
import { ContactFormDialog } from './contact-form-dialog';
import { type Contact, type ContactListParams, contactFacetsQuery, contactListQuery } from './contacts.api';

/** The address of one contact's page. */
export const contactPath = (id: number) => PATHS.contact.replace('$contactId', String(id));

const MEDIUM_OPTIONS = CONTACT_MEDIUMS.map((m) => ({ value: m, label: CONTACT_MEDIUM_LABELS[m] }));
const NO_FILTERS = { tag: '', city: '', consent: '', opted_out: '', buyers: '' };

export function ConsentBadges({ contact }: { contact: Contact }) {
  const given = contact.consents.filter((c) => c.consented);
  const out = contact.consents.filter((c) => c.opted_out);
  if (given.length === 0 && out.length === 0) return <Text size="sm">None</Text>;
  return (
    <Group gap={4}>
      {given.map((c) => (
        <Badge key={c.medium} color="green" variant="light" size="sm">
          {CONTACT_MEDIUM_LABELS[c.medium as ContactMedium]}
        </Badge>
      ))}
      {out.map((c) => (
        <Badge key={c.medium} color="red" variant="light" size="sm">
          {CONTACT_MEDIUM_LABELS[c.medium as ContactMedium]} opted out
        </Badge>
      ))}
    </Group>
  );
}

export function contactColumns(): Column<Contact>[] {
  return [
    {
      key: 'name',
      header: 'Name',
      sortField: 'name',
      render: (contact) => (
        <Anchor component={Link} to={contactPath(contact.id)} fw={500} size="sm">
          {contact.name}
        </Anchor>
      ),
    },
    { key: 'phone', header: 'Phone', render: (c) => c.phone ?? '—' },
    { key: 'email', header: 'E-mail', render: (c) => c.email ?? '—' },
    { key: 'city', header: 'City', sortField: 'city', render: (c) => c.city ?? '—' },
    { key: 'tags', header: 'Tags', render: (c) => (c.tags.length ? c.tags.join(', ') : '—') },
    { key: 'consent', header: 'Consent', render: (c) => <ConsentBadges contact={c} /> },
    { key: 'buyer', header: 'Buyer', render: (c) => c.buyer?.name ?? '—' },
  ];
}

/** /contacts: the company's marketing contacts, its buyers' among them, with search and filters. */
export function ContactsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_contact');
  const navigate = useNavigate();
  const list = useUrlListParams();
  const [filters, setFilters] = useUrlFilters(NO_FILTERS);
  const [searchText, setSearchText] = useState(list.params.search);
  const [debounced] = useDebouncedValue(searchText, 300);
  const { setSearch } = list;
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  const [creating, setCreating] = useState(false);
  const facets = useQuery(contactFacetsQuery(companyId));

  const params: ContactListParams = {
    ...list.params,
    tag: filters.tag || undefined,
    city: filters.city || undefined,
    consent: (filters.consent || undefined) as ContactMedium | undefined,
    opted_out: (filters.opted_out || undefined) as ContactMedium | undefined,
    is_buyer: filters.buyers === '' ? undefined : filters.buyers === 'buyers',
  };
  const contacts = useQuery(contactListQuery(companyId, params));
  const filtered = list.params.search !== '' || Object.values(filters).some((v) => v !== '');
  const noneYet = !filtered && contacts.data?.count === 0 && !contacts.isPlaceholderData;
  const setFilter = (key: keyof typeof NO_FILTERS) => (value: string | null) => {
    setFilters({ ...filters, [key]: value ?? '' });
    list.resetPage();
  };

  return (
    <ListPage
      title="Contacts"
      addLabel="Add Contact"
      onAdd={canAdd ? () => setCreating(true) : undefined}
      dialogOpen={creating}
      readOnlyThing={canPerform(user, 'change_contact') ? undefined : 'contacts'}
      noneYet={noneYet}
      area="contacts"
      actions={
        <Group gap="sm">
          {canAdd && (
            <Button
              component={Link}
              to="/bulk-import/create-contact"
              variant="default"
              leftSection={<IconFileImport size={16} />}
            >
              Import Contacts
            </Button>
          )}
          <DownloadListCsvButton
            download={() => downloadListCsv(`companies/${companyId}/contacts`, params, 'contacts.csv')}
          />
        </Group>
      }
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Name, phone or e-mail"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={240}
          />
          <Select
            label="Tag"
            clearable
            searchable
            data={facets.data?.tags ?? []}
            value={filters.tag || null}
            onChange={setFilter('tag')}
            w={150}
          />
          <Select
            label="City"
            clearable
            searchable
            data={facets.data?.cities ?? []}
            value={filters.city || null}
            onChange={setFilter('city')}
            w={150}
          />
          <Select
            label="Consent to"
            clearable
            data={MEDIUM_OPTIONS}
            value={filters.consent || null}
            onChange={setFilter('consent')}
            w={170}
          />
          <Select
            label="Opted out of"
            clearable
            data={MEDIUM_OPTIONS}
            value={filters.opted_out || null}
            onChange={setFilter('opted_out')}
            w={170}
          />
          <Select
            label="Buyers"
            clearable
            data={[
              { value: 'buyers', label: 'Buyers only' },
              { value: 'others', label: 'Not buyers' },
            ]}
            value={filters.buyers || null}
            onChange={setFilter('buyers')}
            w={140}
          />
        </Group>
      }
      table={
        <DataTable
          label="Contacts"
          columns={contactColumns()}
          rowKey={(c) => c.id}
          data={contacts.data}
          isLoading={contacts.isLoading}
          error={contacts.error}
          errorTitle="Failed to load contacts"
          onRetry={() => contacts.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          onRowClick={(c) => navigate({ to: '/contacts/$contactId', params: { contactId: String(c.id) } })}
          minWidth={900}
          empty={
            <Stack align="center" py="xl">
              <Text c="dimmed">No contact matches the search or the filters.</Text>
            </Stack>
          }
        />
      }
    >
      {creating && (
        <ContactFormDialog
          companyId={companyId}
          onClose={() => setCreating(false)}
          onSaved={(c) => navigate({ to: '/contacts/$contactId', params: { contactId: String(c.id) } })}
        />
      )}
    </ListPage>
  );
}
