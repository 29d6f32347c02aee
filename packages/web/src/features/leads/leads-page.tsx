import { LEAD_SOURCES, type LeadStatusValue } from '@b2b/domain/api/leads';
import { LEAD_STATUSES } from '@b2b/domain/statuses';
import { Anchor, Group, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { formatDay } from '../../components/format-day';
import { ListPage } from '../../components/list-page';
import { StatusBadge } from '../../components/status-badge';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { leadPath } from '../../session/paths';
import { LeadFormDialog } from './lead-form-dialog';
import { type Lead, type LeadListParams, leadListQuery } from './leads.api';

const ALL = '';
const NO_FILTERS = { status: ALL, source: ALL, due: ALL };
const STATUS_OPTIONS = [
  { value: ALL, label: 'All' },
  ...LEAD_STATUSES.map((s) => ({ value: s.value, label: s.label })),
];
const SOURCE_OPTIONS = [
  { value: ALL, label: 'All' },
  ...LEAD_SOURCES.map((s) => ({ value: s.value, label: s.label })),
];
const sourceLabel = (value: string) => LEAD_SOURCES.find((s) => s.value === value)?.label ?? value;

export const salesPersonName = (person: Lead['sales_person']) =>
  person && typeof person === 'object' ? `${person.first_name} ${person.last_name}`.trim() : '—';

const columns: Column<Lead>[] = [
  {
    key: 'name',
    header: 'Lead',
    sortField: 'name',
    render: (lead) => (
      <Stack gap={0}>
        <Anchor component={Link} to={leadPath(lead.id)} fw={500} size="sm">
          {lead.name}
        </Anchor>
        {lead.contact_person_name && (
          <Text size="xs" c="dimmed">
            {lead.contact_person_name}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'phone', header: 'Phone', render: (lead) => lead.phone ?? 'N/A' },
  { key: 'email', header: 'E-mail', render: (lead) => lead.email ?? 'N/A' },
  { key: 'source', header: 'Source', render: (lead) => sourceLabel(lead.source) },
  { key: 'sales_person', header: 'Sales Person', render: (lead) => salesPersonName(lead.sales_person) },
  {
    key: 'next_follow_up_date',
    header: 'Next Follow-up',
    sortField: 'next_follow_up_date',
    render: (lead) => formatDay(lead.next_follow_up_date),
  },
  {
    key: 'status',
    header: 'Status',
    sortField: 'status',
    render: (lead) => <StatusBadge options={LEAD_STATUSES} value={lead.status} />,
  },
];

/** /leads: the leads the user works (every lead with view_all_leads), filtered and paged. */
export function LeadsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_lead');
  const navigate = useNavigate();
  const list = useUrlListParams();
  const [filters, setFilters] = useUrlFilters(NO_FILTERS);
  const [searchText, setSearchText] = useState(list.params.search);
  const [typed] = useDebouncedValue(searchText, 300);
  const { setSearch } = list;
  useEffect(() => setSearch(typed.trim()), [typed, setSearch]);
  const [creating, setCreating] = useState(false);

  const params: LeadListParams = {
    ...list.params,
    status: (filters.status || undefined) as LeadStatusValue | undefined,
    source: (filters.source || undefined) as LeadListParams['source'],
    follow_up_due: filters.due === 'true' ? 'true' : undefined,
  };
  const leads = useQuery(leadListQuery(companyId, params));
  const filtered =
    list.params.search !== '' || filters.status !== ALL || filters.source !== ALL || filters.due !== ALL;
  const noneYet = !filtered && leads.data?.count === 0 && !leads.isPlaceholderData;

  return (
    <ListPage
      title="Leads"
      addLabel="Create Lead"
      onAdd={canAdd ? () => setCreating(true) : undefined}
      dialogOpen={creating}
      readOnlyThing={canPerform(user, 'change_lead') ? undefined : 'leads'}
      noneYet={noneYet}
      area="leads"
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Name, phone, e-mail or GSTIN"
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            w={260}
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={filters.status}
            allowDeselect={false}
            onChange={(value) => setFilters({ ...filters, status: value ?? ALL })}
            w={200}
          />
          <Select
            label="Source"
            data={SOURCE_OPTIONS}
            value={filters.source}
            allowDeselect={false}
            onChange={(value) => setFilters({ ...filters, source: value ?? ALL })}
            w={150}
          />
          <Switch
            label="Follow-ups due"
            checked={filters.due === 'true'}
            onChange={(event) => setFilters({ ...filters, due: event.currentTarget.checked ? 'true' : ALL })}
            mb={8}
          />
        </Group>
      }
      table={
        <DataTable
          label="Leads"
          columns={columns}
          rowKey={(lead) => lead.id}
          data={leads.data}
          isLoading={leads.isLoading}
          error={leads.error}
          errorTitle="Failed to load leads."
          onRetry={() => leads.refetch()}
          limit={list.params.limit}
          offset={list.params.offset}
          onPageChange={list.setPage}
          ordering={list.params.ordering}
          onOrderingChange={list.setOrdering}
          onRowClick={(lead) => navigate({ to: leadPath(lead.id) })}
          minWidth={900}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No lead matches the search or the filters.
            </Text>
          }
        />
      }
    >
      {creating && (
        <LeadFormDialog
          companyId={companyId}
          lead={null}
          onClose={() => setCreating(false)}
          onSaved={(lead) => navigate({ to: leadPath(lead.id) })}
        />
      )}
    </ListPage>
  );
}
