import type { AddressOutput } from '@b2b/domain/api/common';
import { ADDRESS_TYPES } from '@b2b/domain/buyers';
import { formatAddress } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Button, Checkbox, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../api/api-error';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { type Column, DataTable } from '../../components/data-table';
import { StatusBadge } from '../../components/status-badge';
import { AddressDialog } from '../reference/address-dialog';
import { AddressFields } from '../reference/address-fields';
import { addressFormSchema, emptyAddress } from './buyer-form.schema';
import {
  type BuyerDetail,
  useAddBuyerAddress,
  useDeleteBuyerAddress,
  useUpdateBuyerAddress,
} from './buyers.api';

const schema = addressFormSchema.extend({
  address_type: z.enum(['billing_address', 'shipping_address'], { error: 'Address type is required.' }),
  add_same_as_billing: z.boolean(),
});
type Values = z.input<typeof schema>;
const TYPES = { options: ADDRESS_TYPES };
const FIELDS = [
  'address_line_1',
  'address_line_2',
  'landmark',
  'state_id',
  'city',
  'pincode',
  'address_type',
];

function BuyerAddressDialog({
  buyerId,
  address,
  onClose,
}: {
  buyerId: number;
  /** null adds an address */
  address: AddressOutput | null;
  onClose: () => void;
}) {
  const add = useAddBuyerAddress(buyerId);
  const update = useUpdateBuyerAddress(buyerId);
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: address
      ? {
          address_type: address.address_type as Values['address_type'],
          address_line_1: address.address_line_1,
          address_line_2: address.address_line_2 ?? '',
          landmark: address.landmark ?? '',
          state_id: String(address.state.id),
          city: address.city,
          pincode: address.pincode,
          add_same_as_billing: false,
        }
      : { ...emptyAddress(), address_type: 'billing_address', add_same_as_billing: false },
  });
  const [type, sameAsBilling] = useWatch({
    control: form.control,
    name: ['address_type', 'add_same_as_billing'],
  });

  const submit = form.handleSubmit(async (values) => {
    const body = {
      address_type: values.address_type,
      address_line_1: values.address_line_1,
      city: values.city,
      state_id: Number(values.state_id),
      pincode: values.pincode,
    };
    try {
      if (address) {
        await update.mutateAsync({
          id: address.id,
          body: { ...body, address_line_2: values.address_line_2 || null, landmark: values.landmark || null },
        });
      } else {
        await add.mutateAsync({
          ...body,
          address_line_2: values.address_line_2 || undefined,
          landmark: values.landmark || undefined,
          addSameAsBilling: values.address_type === 'billing_address' && values.add_same_as_billing,
        });
      }
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [field, messages] of Object.entries(error.errors)) {
        if (FIELDS.includes(field) && messages[0])
          form.setError(field as never, { type: 'server', message: messages[0] });
      }
    }
  });

  return (
    <AddressDialog
      editing={address !== null}
      pending={add.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <AddressFields control={form.control} types={TYPES} />
      {!address && type === 'billing_address' && (
        <Checkbox
          label="Same as billing (add it as the shipping address too)"
          checked={Boolean(sameAsBilling)}
          onChange={(event) => form.setValue('add_same_as_billing', event.currentTarget.checked)}
        />
      )}
    </AddressDialog>
  );
}

type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; address: AddressOutput }
  | { kind: 'delete'; address: AddressOutput };

/** The buyer's billing and shipping addresses: add, edit, delete (the last billing one stays). */
export function BuyerAddressesTab({ buyer, canChange }: { buyer: BuyerDetail; canChange: boolean }) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const remove = useDeleteBuyerAddress(buyer.id);
  const columns: Column<AddressOutput>[] = [
    {
      key: 'type',
      header: 'Type',
      render: (a) => <StatusBadge options={ADDRESS_TYPES} value={a.address_type} />,
    },
    { key: 'address', header: 'Address', render: (a) => formatAddress(a) },
    { key: 'city', header: 'City', render: (a) => a.city },
    { key: 'state', header: 'State', render: (a) => `${a.state.name} (${a.state.gst_code})` },
    { key: 'pincode', header: 'Pincode', render: (a) => a.pincode },
  ];
  if (canChange) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      align: 'right',
      render: (a) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label="Edit address">
            <ActionIcon
              variant="subtle"
              aria-label="Edit address"
              onClick={() => setDialog({ kind: 'edit', address: a })}
            >
              <IconPencil size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete address">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Delete address"
              onClick={() => setDialog({ kind: 'delete', address: a })}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    });
  }
  const data = { count: buyer.addresses.length, next: null, previous: null, results: buyer.addresses };
  return (
    <Stack gap="md">
      {canChange && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'add' })}>
            Add Address
          </Button>
        </Group>
      )}
      <DataTable
        label="Addresses"
        columns={columns}
        rowKey={(a) => a.id}
        data={data}
        isLoading={false}
        error={null}
        onRetry={() => undefined}
        empty={
          <Text c="dimmed" ta="center" py="xl">
            This buyer has no address yet.
          </Text>
        }
      />
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <BuyerAddressDialog
          buyerId={buyer.id}
          address={dialog.kind === 'edit' ? dialog.address : null}
          onClose={() => setDialog(null)}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === 'delete'}
        title="Delete Address"
        message={dialog?.kind === 'delete' ? `Delete the address ${formatAddress(dialog.address)}?` : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => {
          if (dialog?.kind === 'delete')
            remove.mutate(dialog.address.id, { onSettled: () => setDialog(null) });
        }}
      />
    </Stack>
  );
}
