import { Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { ListPage } from '../../components/list-page';
import { ListSearch, useListSearch } from '../../components/list-search';
import { listTableProps } from '../../components/use-list-params';
import { useUrlListParams } from '../../components/use-url-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { REFUND_COLUMNS } from './payment-columns';
import { refundListQuery } from './payments.api';
import { RefundDialog } from './refund-dialog';

/** /refunds: money returned to buyers, against over-payments or credit notes, newest first. */
export function RefundsPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const list = useUrlListParams({ ordering: '-refund_date' });
  const search = useListSearch(list.setSearch, list.params.search);
  const [recording, setRecording] = useState(false);
  const refunds = useQuery(refundListQuery(companyId, list.params));
  const noneYet = list.params.search === '' && refunds.data?.count === 0 && !refunds.isPlaceholderData;
  const mayRecord = canPerform(user, 'add_payment_received');
  return (
    <ListPage
      title="Refunds"
      addLabel="Record Refund"
      onAdd={mayRecord ? () => setRecording(true) : undefined}
      dialogOpen={recording}
      noneYet={noneYet}
      area="refunds"
      filters={
        <Group gap="sm" align="flex-end">
          <ListSearch search={search} placeholder="Refund number, reference or buyer" />
        </Group>
      }
      table={
        <DataTable
          label="Refunds"
          columns={REFUND_COLUMNS}
          rowKey={(r) => r.id}
          {...listTableProps(list, refunds)}
          errorTitle="Failed to load Refunds"
          minWidth={900}
          empty={
            <Text c="dimmed" ta="center" py="xl">
              No refund matches the search.
            </Text>
          }
        />
      }
    >
      {recording && <RefundDialog onClose={() => setRecording(false)} />}
      <Text size="xs" c="dimmed">
        Over-payments (a payment’s unallocated balance) are refunded here or from the payment; credit notes
        are refunded from the credit note.
      </Text>
    </ListPage>
  );
}
