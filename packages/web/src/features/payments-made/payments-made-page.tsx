import '@mantine/dates/styles.css';
import { PAYMENT_MADE_MESSAGES, PAYMENT_MADE_STATUSES } from '@b2b/domain/payments-made';
import { Box, Group, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { DateRangeFilter } from '../../components/date-range-filter';
import { DownloadListCsvButton, downloadListCsv } from '../../components/download-list-csv';
import { EntitySelect } from '../../components/entity-select';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { paymentMadePath } from '../../session/paths';
import { sellerSource } from '../sellers/seller-source';
import { PAYMENT_MADE_COLUMNS } from './payment-made-columns';
import {
  PAYMENT_MADE_DEFAULT_ORDERING,
  type PaymentMadeFilters,
  type PaymentMadeListParams,
  paymentMadeListQuery,
} from './payments-made.api';
import { RecordPaymentMadeDialog } from './record-payment-made-dialog';

/** The list's filters as chosen. */
export interface PaymentMadeFilterState {
  seller: number | null;
  status: string | null;
  dates: [string | null, string | null];
}

export const NO_PAYMENT_MADE_FILTERS: PaymentMadeFilterState = {
  seller: null,
  status: null,
  dates: [null, null],
};

export function paymentMadeFilterParams(filters: PaymentMadeFilterState): PaymentMadeFilters {
  return {
    seller: filters.seller ?? undefined,
    status: (filters.status ?? undefined) as PaymentMadeFilters['status'],
    start_date: filters.dates[0] ?? undefined,
    end_date: filters.dates[1] ?? undefined,
  };
}

const STATUS_OPTIONS = PAYMENT_MADE_STATUSES.map((s) => ({ value: s.value, label: s.label }));

/** /payments-made: payments to sellers, newest first, with search, filters, CSV and Record Payment. */
export function PaymentsMadePage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: PAYMENT_MADE_DEFAULT_ORDERING });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_PAYMENT_MADE_FILTERS);
  const [recording, setRecording] = useState(false);
  const params: PaymentMadeListParams = { ...list.params, ...paymentMadeFilterParams(filters) };
  const payments = useQuery(paymentMadeListQuery(companyId, params));
  const filtered =
    list.params.search !== '' ||
    Object.values(paymentMadeFilterParams(filters)).some((value) => value !== undefined);
  const noneYet = !filtered && payments.data?.count === 0 && !payments.isPlaceholderData;
  const mayRecord = canPerform(user, 'add_payment_made');
  const change = (next: PaymentMadeFilterState) => {
    setFilters(next);
    list.resetPage();
  };

  return (
    <ListPage
      title="Payments Made"
      addLabel="Record Payment"
      onAdd={mayRecord ? () => setRecording(true) : undefined}
      dialogOpen={recording}
      readOnlyThing={mayRecord ? undefined : 'payments made'}
      noneYet={noneYet}
      area="payments-made"
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder="Payment number, reference or seller" />
          <Box w={240}>
            <EntitySelect
              source={sellerSource(companyId)}
              label="Seller"
              placeholder="All"
              value={filters.seller}
              onChange={(seller) => change({ ...filters, seller })}
              includeInactive
            />
          </Box>
          <DateRangeFilter
            label="Payment Date"
            value={filters.dates}
            onChange={(dates) => change({ ...filters, dates })}
          />
          <Select
            label="Status"
            placeholder="All"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(status) => change({ ...filters, status })}
            clearable
            w={160}
          />
        </Group>
      }
      actions={
        <DownloadListCsvButton
          download={() =>
            downloadListCsv(`admin/companies/${companyId}/payments_made`, params, 'payments-made.csv')
          }
        />
      }
      table={
        <DataTable
          label="Payments Made"
          columns={PAYMENT_MADE_COLUMNS}
          rowKey={(p) => p.id}
          {...listTableProps(list, payments)}
          errorTitle={PAYMENT_MADE_MESSAGES.load_failed}
          onRowClick={(p) => void navigate({ to: paymentMadePath(p.id) })}
          minWidth={1000}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No payment made matches the search or the filters.
            </Text>
          }
        />
      }
    >
      {recording && (
        <RecordPaymentMadeDialog
          onClose={() => setRecording(false)}
          onRecorded={(payment) => void navigate({ to: paymentMadePath(payment.id) })}
        />
      )}
    </ListPage>
  );
}
