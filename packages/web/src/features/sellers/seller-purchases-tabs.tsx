import { PAYMENT_MADE_MESSAGES } from '@b2b/domain/payments-made';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCash, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DataTable } from '../../components/data-table';
import { listTableProps, useListParams } from '../../components/use-list-params';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { billPath, PATHS, paymentMadePath } from '../../session/paths';
import { BILL_COLUMNS } from '../bills/bill-columns';
import { BILL_DEFAULT_ORDERING, BILL_TOASTS, billListQuery } from '../bills/bills.api';
import { PAYMENT_MADE_COLUMNS } from '../payments-made/payment-made-columns';
import { PAYMENT_MADE_DEFAULT_ORDERING, paymentMadeListQuery } from '../payments-made/payments-made.api';
import { RecordPaymentMadeDialog } from '../payments-made/record-payment-made-dialog';

type SellerRef = { id: number; name: string };

/** On the seller's own page its name in every row says nothing. */
const withoutSeller = <T extends { key: string }>(columns: T[]) => columns.filter((c) => c.key !== 'seller');
const BILL_COLUMNS_OF_SELLER = withoutSeller(BILL_COLUMNS);
const PAYMENT_COLUMNS_OF_SELLER = withoutSeller(PAYMENT_MADE_COLUMNS);

/** The seller's bills, newest first, with 'New Bill' for users who may add bills. */
export function SellerBillsTab({ seller }: { seller: SellerRef }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const list = useListParams({ ordering: BILL_DEFAULT_ORDERING });
  const bills = useQuery(
    billListQuery(user.company.id, {
      seller: seller.id,
      limit: list.params.limit,
      offset: list.params.offset,
      ordering: list.params.ordering,
    }),
  );
  return (
    <Stack gap="md">
      {canPerform(user, 'add_bill') && (
        <Group justify="flex-end">
          <Button component={Link} to={PATHS.billNew} leftSection={<IconPlus size={16} />}>
            New Bill
          </Button>
        </Group>
      )}
      <DataTable
        label={`Bills from ${seller.name}`}
        columns={BILL_COLUMNS_OF_SELLER}
        rowKey={(b) => b.id}
        {...listTableProps(list, bills)}
        errorTitle={BILL_TOASTS.list_load_failed}
        onRowClick={(b) => void navigate({ to: billPath(b.id) })}
        minWidth={900}
        empty={
          <Text c="dimmed" ta="center" py="xl">
            No bills from this seller yet.
          </Text>
        }
      />
    </Stack>
  );
}

/** What we paid the seller, newest first, with 'Record Payment' for users who may record one. */
export function SellerPaymentsMadeTab({ seller }: { seller: SellerRef }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [recording, setRecording] = useState(false);
  const list = useListParams({ ordering: PAYMENT_MADE_DEFAULT_ORDERING });
  const payments = useQuery(
    paymentMadeListQuery(user.company.id, {
      seller: seller.id,
      limit: list.params.limit,
      offset: list.params.offset,
      ordering: list.params.ordering,
    }),
  );
  return (
    <Stack gap="md">
      {canPerform(user, 'add_payment_made') && (
        <Group justify="flex-end">
          <Button leftSection={<IconCash size={16} />} onClick={() => setRecording(true)}>
            Record Payment
          </Button>
        </Group>
      )}
      <DataTable
        label={`Payments to ${seller.name}`}
        columns={PAYMENT_COLUMNS_OF_SELLER}
        rowKey={(p) => p.id}
        {...listTableProps(list, payments)}
        errorTitle={PAYMENT_MADE_MESSAGES.load_failed}
        onRowClick={(p) => void navigate({ to: paymentMadePath(p.id) })}
        minWidth={860}
        empty={
          <Text c="dimmed" ta="center" py="xl">
            No payments to this seller yet.
          </Text>
        }
      />
      {recording && <RecordPaymentMadeDialog seller={seller} onClose={() => setRecording(false)} />}
    </Stack>
  );
}
