import { BUYER_CSV_COLUMNS } from '@b2b/domain/api/list-csv';
import { BUYER_TYPES, type BuyerType } from '@b2b/domain/buyers';
import { ACTIVE_STATUSES, activeStatus } from '@b2b/domain/statuses';
import { Anchor, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type Column, DataTable } from '../../components/data-table';
import { DownloadListCsvButton } from '../../components/download-list-csv';
import { ListPage, SearchAndStatusFilters, useSearchAndStatus } from '../../components/list-page';
import { Money } from '../../components/money';
import { ActiveBulkActions, useRowSelection } from '../../components/row-selection';
import { StatusBadge } from '../../components/status-badge';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { buyerPath } from '../../session/paths';
import { salesChannelsQuery } from '../reference/reference.api';
import { BuyerFormDialog } from './buyer-form-dialog';
import {
  type Buyer,
  type BuyerListParams,
  buyerKeys,
  buyerListQuery,
  downloadBuyersCsv,
  setBuyerActive,
} from './buyers.api';

const ALL = '';
/** The filters besides search and status, as the address keeps them ('' is all). */
const NO_BUYER_FILTERS = { buyer_type: ALL, sales_channel: ALL, gst_number: '' };
const TYPE_OPTIONS = [
  { value: ALL, label: 'All' },
  ...BUYER_TYPES.map((t) => ({ value: t.value, label: t.label })),
];

export const buyerColumns: Column<Buyer>[] = [
  {
    key: 'name',
    header: 'Buyer',
    sortField: 'name',
    render: (buyer) => (
      <Stack gap={0}>
        <Anchor component={Link} to={buyerPath(buyer.id)} fw={500} size="sm">
          {buyer.name}
        </Anchor>
        {buyer.contact_person_name && (
          <Text size="xs" c="dimmed">
            {buyer.contact_person_name}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'phone', header: 'Phone', render: (buyer) => buyer.phone ?? 'N/A' },
  { key: 'gst_number', header: 'GST Number', render: (buyer) => buyer.gst_number ?? 'N/A' },
  {
    key: 'buyer_type',
    header: 'Buyer Type',
    render: (buyer) => <StatusBadge options={BUYER_TYPES} value={buyer.buyer_type} />,
  },
  {
    key: 'outstanding',
    header: 'Outstanding',
    sortField: 'outstanding',
    align: 'right',
    render: (buyer) => <Money value={buyer.outstanding} />,
  },
  {
    key: 'credit_limit',
    header: 'Credit Limit',
    align: 'right',
    render: (buyer) => (buyer.credit_limit === null ? 'No limit' : <Money value={buyer.credit_limit} />),
  },
  {
    key: 'status',
    header: 'Status',
    render: (buyer) => <StatusBadge options={ACTIVE_STATUSES} value={activeStatus(buyer.is_active).value} />,
  },
];

/** /buyers: the company's buyers with search, filters and paging; Create Buyer opens the form. */
export function BuyersPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canAdd = canPerform(user, 'add_buyer');
  const canChange = canPerform(user, 'change_buyer');
  const navigate = useNavigate();

  const list = useUrlListParams();
  const filter = useSearchAndStatus(list);
  const [filters, setFilters] = useUrlFilters(NO_BUYER_FILTERS);
  const { buyer_type: buyerType, sales_channel: channel, gst_number: gstNumber } = filters;
  const [gstText, setGstText] = useState(gstNumber);
  const [typedGst] = useDebouncedValue(gstText.trim(), 300);
  useEffect(() => {
    if (typedGst !== gstNumber) setFilters({ ...filters, gst_number: typedGst });
  }, [typedGst, gstNumber, filters, setFilters]);
  const [creating, setCreating] = useState(false);
  const channels = useQuery(salesChannelsQuery);

  const params: BuyerListParams = {
    ...list.params,
    is_active: filter.isActive,
    buyer_type: (buyerType || undefined) as BuyerType | undefined,
    sales_channel: channel ? Number(channel) : undefined,
    gst_number: gstNumber || undefined,
  };
  const buyers = useQuery(buyerListQuery(companyId, params));
  const selection = useRowSelection<Buyer>();
  const queryClient = useQueryClient();
  const filtered = filter.filtered || buyerType !== ALL || channel !== ALL || gstNumber !== '';
  const noBuyersYet = !filtered && buyers.data?.count === 0 && !buyers.isPlaceholderData;

  return (
    <ListPage
      title="Buyers"
      addLabel="Create Buyer"
      onAdd={canAdd ? () => setCreating(true) : undefined}
      dialogOpen={creating}
      readOnlyThing={canChange ? undefined : 'buyers'}
      noneYet={noBuyersYet}
      area="buyers"
      actions={<DownloadListCsvButton download={() => downloadBuyersCsv(companyId, params)} />}
      filters={
        <SearchAndStatusFilters filter={filter} placeholder="Name, contact, phone, e-mail or GSTIN">
          <Select
            label="Buyer Type"
            data={TYPE_OPTIONS}
            value={buyerType}
            allowDeselect={false}
            onChange={(value) => setFilters({ ...filters, buyer_type: value ?? ALL })}
            w={260}
          />
          <Select
            label="Sales Channel"
            data={[
              { value: ALL, label: 'All' },
              ...(channels.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.display_name })),
            ]}
            value={channel}
            allowDeselect={false}
            onChange={(value) => setFilters({ ...filters, sales_channel: value ?? ALL })}
            w={180}
          />
          <TextInput
            label="GST Number"
            placeholder="27AAACB1234C1Z5"
            value={gstText}
            maxLength={15}
            onChange={(event) => setGstText(event.currentTarget.value)}
            w={190}
          />
        </SearchAndStatusFilters>
      }
      table={
        <Stack gap="sm">
          <ActiveBulkActions
            selection={selection}
            csv={{ filename: 'buyers-selected.csv', columns: BUYER_CSV_COLUMNS }}
            setActive={canChange ? (buyer, on) => setBuyerActive(buyer.id, on) : undefined}
            onDone={() => queryClient.invalidateQueries({ queryKey: buyerKeys.all })}
          />
          <DataTable
            selection={selection}
            label="Buyers"
            columns={buyerColumns}
            rowKey={(buyer) => buyer.id}
            data={buyers.data}
            isLoading={buyers.isLoading}
            error={buyers.error}
            errorTitle="Failed to load buyers."
            onRetry={() => buyers.refetch()}
            limit={list.params.limit}
            offset={list.params.offset}
            onPageChange={list.setPage}
            ordering={list.params.ordering}
            onOrderingChange={list.setOrdering}
            onRowClick={(buyer) => navigate({ to: buyerPath(buyer.id) })}
            minWidth={900}
            empty={
              <Text c="dimmed" ta="center" py="xl">
                No buyer matches the search or the filters.
              </Text>
            }
          />
        </Stack>
      }
    >
      {creating && (
        <BuyerFormDialog
          companyId={companyId}
          buyer={null}
          onClose={() => setCreating(false)}
          onCreated={(buyer) => navigate({ to: buyerPath(buyer.id) })}
        />
      )}
    </ListPage>
  );
}
