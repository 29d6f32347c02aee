import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../components/server-errors';
import { BranchAddressFields } from './branch-address-fields';
import {
  type AddressFormValues,
  addressBody,
  addressFormSchema,
  addressValuesOf,
} from './branch-form.schema';
import { type BranchAddress, useAddBranchAddress, useUpdateBranchAddress } from './branches.api';

const FIELDS = [
  'address_type',
  'address_line_1',
  'address_line_2',
  'landmark',
  'state_id',
  'city',
  'pincode',
  'is_visible',
] as const;

export interface BranchAddressDialogProps {
  branchId: number;
  /** null adds an address */
  address: BranchAddress | null;
  onClose: () => void;
}

/** Add an address to a branch or edit one (through the shared PATCH addresses/{id}). */
export function BranchAddressDialog({ branchId, address, onClose }: BranchAddressDialogProps) {
  const add = useAddBranchAddress(branchId);
  const update = useUpdateBranchAddress(branchId);
  const form = useForm<AddressFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(addressFormSchema),
    defaultValues: addressValuesOf(address),
  });

  const submit = form.handleSubmit(async (values) => {
    const parsed = addressFormSchema.parse(values);
    try {
      if (address) await update.mutateAsync({ id: address.id, body: addressBody(parsed, 'update') });
      else await add.mutateAsync(addressBody(parsed, 'create'));
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Modal opened onClose={onClose} title={address ? 'Edit Address' : 'Add Address'} size="lg">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <BranchAddressFields control={form.control} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending || update.isPending}>
              {address ? 'Save' : 'Add Address'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
