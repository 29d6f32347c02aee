import { WAREHOUSE_HELP } from '@b2b/domain/api/warehouses';
import { formatAddress } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { applyServerErrors } from '../../components/server-errors';
import { lockedSwitchStyles } from '../../components/switch-field';
import { AddressDialog } from '../reference/address-dialog';
import { AddressText } from '../reference/address-text';
import { WarehouseAddressFields } from './warehouse-address-fields';
import {
  type AddressFormValues,
  addressBody,
  addressFormSchema,
  emptyAddress,
} from './warehouse-form.schema';
import {
  type Address,
  useAddWarehouseAddress,
  useSetAddressVisible,
  useSetWarehousePrivate,
  type Warehouse,
} from './warehouses.api';

/** The warehouse's fields, its privacy switch and its addresses with their visibility. */
export function WarehouseDetailsTab({ warehouse, canChange }: { warehouse: Warehouse; canChange: boolean }) {
  const setPrivate = useSetWarehousePrivate();
  const setVisible = useSetAddressVisible(warehouse.id);
  const [adding, setAdding] = useState(false);
  const pendingPrivate = setPrivate.isPending ? setPrivate.variables?.isPrivate : undefined;
  const isPrivate = pendingPrivate ?? warehouse.is_private;

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Title order={4}>Details</Title>
          <DetailGrid>
            <DetailField label="Branch">{warehouse.branch.name}</DetailField>
            <DetailField label="Contact Person Name">{warehouse.contact_person_name}</DetailField>
            <DetailField label="Contact Person Phone">{warehouse.contact_person_phone}</DetailField>
            <DetailField label="Tally Name">{warehouse.tally_warehouse_name}</DetailField>
            <DetailField label="Position">{warehouse.position}</DetailField>
            <DetailField label="Created On">{dayjs(warehouse.created_at).format('DD/MM/YYYY')}</DetailField>
          </DetailGrid>
          <Switch
            label="Private"
            description={WAREHOUSE_HELP.private}
            checked={isPrivate}
            disabled={!canChange || setPrivate.isPending}
            styles={!canChange ? lockedSwitchStyles(isPrivate) : undefined}
            onChange={(event) =>
              setPrivate.mutate({ id: warehouse.id, isPrivate: event.currentTarget.checked })
            }
          />
        </Stack>
      </Card>
      <Card withBorder padding="lg">
        <Stack gap="md">
          <Group justify="space-between">
            <Title order={4}>Addresses</Title>
            {canChange && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} />}
                onClick={() => setAdding(true)}
              >
                Add Address
              </Button>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {WAREHOUSE_HELP.visible}
          </Text>
          {(warehouse.addresses ?? []).length === 0 && <Text c="dimmed">No address yet.</Text>}
          {(warehouse.addresses ?? []).map((address) => (
            <AddressRow
              key={address.id}
              address={address}
              canChange={canChange}
              pending={setVisible.isPending && setVisible.variables?.addressId === address.id}
              pendingValue={setVisible.variables?.visible}
              onToggle={(visible) => setVisible.mutate({ addressId: address.id, visible })}
            />
          ))}
        </Stack>
      </Card>
      {adding && <AddAddressDialog warehouseId={warehouse.id} onClose={() => setAdding(false)} />}
    </Stack>
  );
}

function AddressRow({
  address,
  canChange,
  pending,
  pendingValue,
  onToggle,
}: {
  address: Address;
  canChange: boolean;
  pending: boolean;
  pendingValue?: boolean;
  onToggle: (visible: boolean) => void;
}) {
  const visible = pending && pendingValue !== undefined ? pendingValue : address.is_visible;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <AddressText address={address} />
      <Switch
        label="Visible"
        aria-label={`Address ${formatAddress(address)} visible`}
        checked={visible}
        disabled={!canChange || pending}
        styles={!canChange ? lockedSwitchStyles(visible) : undefined}
        onChange={(event) => onToggle(event.currentTarget.checked)}
      />
    </Group>
  );
}

function AddAddressDialog({ warehouseId, onClose }: { warehouseId: number; onClose: () => void }) {
  const add = useAddWarehouseAddress(warehouseId);
  const form = useForm<AddressFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(addressFormSchema),
    defaultValues: emptyAddress(),
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(addressBody(addressFormSchema.parse(values)));
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, [
        'address_line_1',
        'address_line_2',
        'landmark',
        'state_id',
        'city',
        'pincode',
        'is_visible',
      ]);
    }
  });
  return (
    <AddressDialog editing={false} pending={add.isPending} onSubmit={submit} onClose={onClose}>
      <WarehouseAddressFields control={form.control} />
    </AddressDialog>
  );
}
