import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { applyServerErrors } from '../../components/server-errors';
import { AddressDialog } from '../reference/address-dialog';
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
    <AddressDialog
      editing={address !== null}
      pending={add.isPending || update.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      <BranchAddressFields control={form.control} />
    </AddressDialog>
  );
}
