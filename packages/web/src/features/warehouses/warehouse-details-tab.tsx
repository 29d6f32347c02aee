import { WAREHOUSE_HELP } from '@b2b/domain/api/warehouses';
import { formatAddress } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Modal, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../components/server-errors';
import { lockedSwitchStyles } from '../../components/switch-field';
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

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value === null || value === undefined || value === '' ? 'N/A' : value}</Text>
    </Stack>
  );
}

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
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
            <Field label="Branch" value={warehouse.branch.name} />
            <Field label="Contact Person Name" value={warehouse.contact_person_name} />
            <Field label="Contact Person Phone" value={warehouse.contact_person_phone} />
            <Field label="Tally Name" value={warehouse.tally_warehouse_name} />
            <Field label="Position" value={warehouse.position} />
            <Field label="Created On" value={dayjs(warehouse.created_at).format('DD/MM/YYYY')} />
          </SimpleGrid>
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
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm">{formatAddress(address)}</Text>
        <Text size="sm" c="dimmed">
          {address.city}, {address.state.name} {address.pincode}
        </Text>
      </Stack>
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
    <Modal opened onClose={onClose} title="Add Address" size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <WarehouseAddressFields control={form.control} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Add Address
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
