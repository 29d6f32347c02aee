import { PAYMENT_MESSAGES, PAYMENT_RECORD_STATUSES } from '@b2b/domain/payments';
import { Group, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useCurrentUser } from '../../app/current-user';
import { canPerform } from '../../app/has-permission';
import { paymentPath } from '../../app/paths';
import { DataTable } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { listTableProps, useListParams } from '../../components/use-list-params';
import { PAYMENT_COLUMNS } from './payment-columns';
import { type PaymentListParams, paymentListQuery } from './payments.api';
import { RecordPaymentDialog } from './record-payment-dialog';

/** /payments-received: payments of buyers, newest first, with Record Payment. */
export function PaymentsReceivedPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const navigate = useNavigate();
  const list = useListParams({ ordering: '-payment_date' });
  const search = useListSearch(list.setSearch);
  const [status, setStatus] = useState<string | null>(null);
  const [recording, setRecording] = useState(false);
  const params: PaymentListParams = { ...list.params, ...(status ? { status__in: status } : {}) };
  const payments = useQuery(paymentListQuery(companyId, params));
  const filtered = list.params.search !== '' || status !== null;
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
      filters={
        <Group gap="sm" align="flex-end" wrap="wrap">
          <ListSearch search={search} placeholder="Payment number, reference or buyer" />
          <Select
            label="Status"
            placeholder="All"
            clearable
            value={status}
            onChange={(value) => {
              setStatus(value);
              list.resetPage();
            }}
            data={PAYMENT_RECORD_STATUSES.map((s) => ({ value: s.value, label: s.label }))}
          />
        </Group>
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
