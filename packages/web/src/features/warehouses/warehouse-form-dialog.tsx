import { WAREHOUSE_HELP, WAREHOUSE_NAME_MAX } from '@b2b/domain/api/warehouses';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Divider, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { allBranchesQuery } from '../branches/branches.api';
import { WarehouseAddressFields } from './warehouse-address-fields';
import {
  createBody,
  fieldsBody,
  formValuesOf,
  type WarehouseFormValues,
  warehouseCreateSchema,
  warehouseEditSchema,
} from './warehouse-form.schema';
import { useCreateWarehouse, useUpdateWarehouse, type Warehouse } from './warehouses.api';

const FIELDS = [
  'name',
  'branch',
  'contact_person_name',
  'contact_person_phone',
  'tally_warehouse_name',
  'position',
  'is_private',
  'address_line_1',
  'address_line_2',
  'landmark',
  'state_id',
  'city',
  'pincode',
  'is_visible',
] as const;

/** The server names address errors 'address.pincode'; the form has them at the top level. */
function withAddressErrorsFlat(error: unknown): unknown {
  const errors = (error as { errors?: Record<string, string[]> } | null)?.errors;
  if (errors) {
    for (const [key, messages] of Object.entries(errors)) {
      if (key.startsWith('address.')) errors[key.slice('address.'.length)] ??= messages;
    }
  }
  return error;
}

export interface WarehouseFormDialogProps {
  companyId: number;
  /** null creates a warehouse. */
  warehouse: Warehouse | null;
  /** The branch chosen first when creating (the list's branch filter). */
  defaultBranchId?: number;
  onClose: () => void;
  onCreated?: (warehouse: Warehouse) => void;
}

/** Create a warehouse under a branch (with its address), or edit one's own fields. */
export function WarehouseFormDialog({
  companyId,
  warehouse,
  defaultBranchId,
  onClose,
  onCreated,
}: WarehouseFormDialogProps) {
  const create = useCreateWarehouse();
  const update = useUpdateWarehouse();
  const branches = useQuery(allBranchesQuery(companyId));
  const editing = warehouse !== null;
  const form = useForm<WarehouseFormValues>({
    mode: 'onTouched',
    // Editing leaves the branch, the address and privacy to their own controls.
    resolver: zodResolver(editing ? warehouseEditSchema : warehouseCreateSchema) as never,
    defaultValues: formValuesOf(warehouse, defaultBranchId ? String(defaultBranchId) : ''),
  });

  const branchOptions = (branches.data?.results ?? []).map((branch) => ({
    value: String(branch.id),
    label: branch.is_active ? branch.name : `${branch.name} (inactive)`,
    disabled: !branch.is_active && String(branch.id) !== String(warehouse?.branch.id),
  }));
  if (warehouse && !branchOptions.some((o) => o.value === String(warehouse.branch.id))) {
    branchOptions.push({ value: String(warehouse.branch.id), label: warehouse.branch.name, disabled: false });
  }

  const submit = form.handleSubmit(async (values) => {
    try {
      if (warehouse) {
        await update.mutateAsync({ id: warehouse.id, body: fieldsBody(warehouseEditSchema.parse(values)) });
      } else {
        const created = await create.mutateAsync(createBody(warehouseCreateSchema.parse(values)));
        onCreated?.(created);
      }
      onClose();
    } catch (error) {
      applyServerErrors(withAddressErrorsFlat(error), form.setError, FIELDS);
    }
  });

  const control = form.control;
  return (
    <Modal opened onClose={onClose} title={editing ? 'Edit Warehouse' : 'Create Warehouse'} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <TextField
            control={control}
            name="name"
            label="Warehouse Name"
            required
            maxLength={WAREHOUSE_NAME_MAX}
            description={WAREHOUSE_HELP.warehouseName}
            data-autofocus
          />
          <SelectField
            control={control}
            name="branch"
            label="Branch"
            required
            searchable
            disabled={editing}
            data={branchOptions}
            description={WAREHOUSE_HELP.branch}
            placeholder={branches.isLoading ? 'Loading branches…' : 'Choose a branch'}
            nothingFoundMessage={branches.isError ? 'Failed to load Branches.' : 'No branch found'}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField
              control={control}
              name="contact_person_name"
              label="Contact Person Name"
              maxLength={64}
              description={WAREHOUSE_HELP.contactPersonName}
            />
            <TextField
              control={control}
              name="contact_person_phone"
              label="Contact Person Phone"
              maxLength={10}
              inputMode="numeric"
              description={WAREHOUSE_HELP.contactPersonPhone}
            />
          </SimpleGrid>
          {!editing && (
            <>
              <Divider label="Address" labelPosition="left" />
              <WarehouseAddressFields control={control} />
              <SwitchField
                control={control}
                name="is_private"
                label="Private"
                description={WAREHOUSE_HELP.private}
              />
            </>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField
              control={control}
              name="tally_warehouse_name"
              label="Tally Name"
              maxLength={64}
              description={WAREHOUSE_HELP.tallyName}
            />
            <NumberField
              control={control}
              name="position"
              label="Position"
              min={0}
              allowDecimal={false}
              allowNegative={false}
              description={WAREHOUSE_HELP.position}
            />
          </SimpleGrid>
          {editing && (
            <Text size="sm" c="dimmed">
              Status, privacy and addresses are changed on the warehouse's page.
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? 'Save' : 'Create Warehouse'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
