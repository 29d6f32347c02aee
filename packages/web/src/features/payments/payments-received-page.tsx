import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { DownloadListCsvButton, downloadListCsv } from '../../components/download-list-csv';
import { ListPage } from '../../components/list-page';
import { useListSearch } from '../../components/list-search';
import { listTableProps } from '../../components/use-list-params';
import { useUrlFilters, useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { paymentPath } from '../../session/paths';
import { PAYMENT_COLUMNS } from './payment-columns';
import {
  isPaymentFiltered,
  NO_PAYMENT_FILTERS,
  PaymentFiltersBar,
  paymentFilterParams,
} from './payment-filters';
import { type PaymentListParams, paymentListQuery } from './payments.api';
import { RecordPaymentDialog } from './record-payment-dialog';

/** /payments-received: payments of buyers, newest first, filtered as the order list is, with Record Payment. */
export function PaymentsReceivedPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useUrlListParams({ ordering: '-payment_date' });
  const search = useListSearch(list.setSearch, list.params.search);
  const [filters, setFilters] = useUrlFilters(NO_PAYMENT_FILTERS);
  const [recording, setRecording] = useState(false);
  const params: PaymentListParams = { ...list.params, ...paymentFilterParams(filters) };
  const payments = useQuery(paymentListQuery(companyId, params));
  const filtered = list.params.search !== '' || isPaymentFiltered(filters);
  const noneYet = !filtered && payments.data?.count === 0 && !payments.isPlaceholderData;
  const mayRecord = canPerform(user, 'add_payment_received');

  return (
    <ListPage
      title="Payments Received"
      addLabel="Record Payment"
      onAdd={mayRecord ? () => setRecording(true) : undefined}
      dialogOpen={recording}
      readOnlyThing={mayRecord ? undefined : 'payments'}
      noneYet={noneYet}
      area="payments-received"
      filters={
        <PaymentFiltersBar
          companyId={companyId}
          search={search}
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            list.resetPage();
          }}
        />
      }
      actions={
        <DownloadListCsvButton
          download={() => downloadListCsv(`admin/companies/${companyId}/payments`, params, 'payments.csv')}
        />
      }
      table={
        <DataTable
          label="Payments Received"
          columns={PAYMENT_COLUMNS}
          rowKey={(p) => p.id}
          {...listTableProps(list, payments)}
          errorTitle={PAYMENT_MESSAGES.load_failed}
          onRowClick={(p) => void navigate({ to: paymentPath(p.id) })}
          minWidth={1000}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No payment matches the search or the filters.
            </Text>
          }
        />
      }
    >
      {recording && (
        <RecordPaymentDialog
          onClose={() => setRecording(false)}
          onRecorded={(payment) => void navigate({ to: paymentPath(payment.id) })}
        />
      )}
    </ListPage>
  );
}
