import '@mantine/dates/styles.css';
import { ActionIcon, Anchor, Group, Select, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import dayjs from 'dayjs';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { ANY_DAY, DateRangeFilter, type DayRange } from '../../components/date-range-filter';
import { DownloadListCsvButton, downloadListCsv } from '../../components/download-list-csv';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { Money } from '../../components/money';
import { StatusBadge } from '../../components/status-badge';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { orderPath, PATHS, quotationPath } from '../../session/paths';
import {
  QUOTATION_STATUS_OPTIONS,
  QUOTATION_TOASTS,
  type QuotationListParams,
  type QuotationSummary,
  quotationListQuery,
  useDeleteQuotation,
} from './quotations.api';

function columns(onDelete?: (q: QuotationSummary) => void): Column<QuotationSummary>[] {
  return [
    {
      key: 'quotation_number',
      header: 'Quotation Number',
      sortField: 'quotation_number',
      render: (q) => (
        <Anchor component={Link} to={quotationPath(q.id)} fw={500} size="sm">
          {q.quotation_number}
        </Anchor>
      ),
    },
    { key: 'date', header: 'Date', sortField: 'date', render: (q) => dayjs(q.date).format('DD/MM/YYYY') },
    { key: 'buyer', header: 'Buyer', render: (q) => q.buyer.name },
    { key: 'items', header: 'Products', align: 'right', render: (q) => q.total_items },
    {
      key: 'total',
      header: 'Total',
      sortField: 'total',
      align: 'right',
      render: (q) => <Money value={q.total} />,
    },
    {
      key: 'status',
      header: 'Status',
      render: (q) => <StatusBadge options={QUOTATION_STATUS_OPTIONS} value={q.status} />,
    },
    {
      key: 'order',
      header: 'Order',
      render: (q) =>
        q.order ? (
          <Anchor component={Link} to={orderPath(q.order.id)} size="sm">
            {q.order.order_number}
          </Anchor>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: 'actions',
      header: '',
      align: 'right',
      render: (q) =>
        onDelete && q.status === 'draft' ? (
          <Tooltip label="Delete draft">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${q.quotation_number}`}
              onClick={() => onDelete(q)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        ) : null,
    },
  ];
}

const NO_QUOTATION_FILTERS: { status: string | null; dates: DayRange } = { status: null, dates: ANY_DAY };

/** /quotations: drafts, submitted quotations and those turned into orders; drafts can be deleted. */
export function QuotationsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: '-date' });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_QUOTATION_FILTERS);
  const { status, dates } = filters;
  const [deleting, setDeleting] = useState<QuotationSummary | null>(null);
  const remove = useDeleteQuotation();
  const params: QuotationListParams = {
    ...list.params,
    status__in: status ?? undefined,
    start_date: dates[0] ?? undefined,
    end_date: dates[1] ?? undefined,
  };
  const quotations = useQuery(quotationListQuery(companyId, params));
  const filtered = list.params.search !== '' || status !== null || dates[0] !== null;
  const noneYet = !filtered && quotations.data?.count === 0 && !quotations.isPlaceholderData;
  const add = canPerform(user, 'add_quotation') ? () => void navigate({ to: PATHS.quotationNew }) : undefined;
  const onDelete = canPerform(user, 'delete_quotation') ? setDeleting : undefined;

  return (
    <ListPage
      title="Quotations"
      addLabel="New Quotation"
      onAdd={add}
      dialogOpen={deleting !== null}
      noneYet={noneYet}
      area="quotations"
      actions={
        <DownloadListCsvButton
          download={() =>
            downloadListCsv(`admin/companies/${companyId}/quotations`, params, 'quotations.csv')
          }
        />
      }
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder="Quotation number, buyer or reference" />
          <Select
            label="Status"
            placeholder="All"
            data={QUOTATION_STATUS_OPTIONS.map((s) => ({ value: s.value, label: s.label }))}
            value={status}
            onChange={(value) => setFilters({ ...filters, status: value })}
            clearable
            w={160}
          />
          <DateRangeFilter
            label="Date"
            value={dates}
            onChange={(range) => setFilters({ ...filters, dates: range })}
          />
        </Group>
      }
      table={
        <DataTable
          label="Quotations"
          columns={columns(onDelete)}
          rowKey={(q) => q.id}
          {...listTableProps(list, quotations)}
          errorTitle={QUOTATION_TOASTS.list_failed}
          onRowClick={(q) => void navigate({ to: quotationPath(q.id) })}
          minWidth={900}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No quotation matches the search or the filters.
            </Text>
          }
        />
      }
    >
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete Quotation"
        message={`Delete the draft ${deleting?.quotation_number ?? ''}? This cannot be undone.`}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      />
    </ListPage>
  );
}
