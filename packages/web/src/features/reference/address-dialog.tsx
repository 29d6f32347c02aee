import type { FormEventHandler, ReactNode } from 'react';
import { FormDialog } from '../../components/form-dialog';

export interface AddressDialogProps {
  /** Editing an address (Save) rather than adding one (Add Address). */
  editing: boolean;
  pending: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onClose: () => void;
  /** The area's address fields (AddressFields with its types and visibility). */
  children: ReactNode;
}

/** Add an address to a branch, warehouse, buyer or seller, or edit one. */
export function AddressDialog({ editing, pending, onSubmit, onClose, children }: AddressDialogProps) {
  return (
    <FormDialog
      title={editing ? 'Edit Address' : 'Add Address'}
      submitLabel={editing ? 'Save' : 'Add Address'}
      pending={pending}
      onSubmit={onSubmit}
      onClose={onClose}
      size="lg"
    >
      {children}
    </FormDialog>
  );
}
