import { Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { useUrlFilter, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { SHORT_LINK_COLUMNS } from './short-link-columns';
import { ShortLinkFormDialog } from './short-link-form-dialog';
import { shortLinksQuery } from './short-links.api';

/** /shorten-url (URL Shortener): the company's short links with their clicks. */
export function ShortLinksPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_url_shortener');
  const navigate = useNavigate();
  const list = useUrlListParams();
  const [searchText, setSearchText] = useState(list.params.search);
  const [debounced] = useDebouncedValue(searchText, 300);
  const { setSearch } = list;
  useEffect(() => setSearch(debounced.trim()), [debounced, setSearch]);
  const [status, setStatus] = useUrlFilter<string>('status', 'all');
  const [creating, setCreating] = useState(false);
  const links = useQuery(
    shortLinksQuery(companyId, {
      ...list.params,
      status: status === 'active' || status === 'inactive' || status === 'expired' ? status : undefined,
    }),
  );
  const filtered = list.params.search !== '' || status !== 'all';
  const noneYet = !filtered && links.data?.count === 0 && !links.isPlaceholderData;
  const open = (id: number) =>
    navigate({ to: '/shorten-url/$shortLinkId', params: { shortLinkId: String(id) } });

  return (
    <ListPage
      title="URL Shortener"
      addLabel="Create Short Link"
      onAdd={canAdd ? () => setCreating(true) : undefined}
      dialogOpen={creating}
      readOnlyThing={canPerform(user, 'change_url_shortener') ? undefined : 'short links'}
      noneYet={noneYet}
      area="short-links"
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Path, target, domain or campaign"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={280}
          />
          <Select
            label="Status"
            allowDeselect={false}
            data={[
              { value: 'all', label: 'All' },
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
              { value: 'expired', label: 'Expired' },
            ]}
            value={status}
            onChange={(value) => {
              setStatus(value ?? 'all');
              list.resetPage();
            }}
            w={140}
          />
        </Group>
      }
      table={
        <DataTable
          label="Short Links"
          columns={SHORT_LINK_COLUMNS}
          rowKey={(l) => l.id}
          data={links.data}
          isLoading={links.isLoading}
          error={links.error}
          errorTitle="Failed to load short links"
          onRetry={() => links.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          onRowClick={(l) => open(l.id)}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No short link matches the search or the filters.
            </Text>
          }
        />
      }
    >
      {creating && (
        <ShortLinkFormDialog
          companyId={companyId}
          onClose={() => setCreating(false)}
          onSaved={(l) => open(l.id)}
        />
      )}
    </ListPage>
  );
}
