import { BRANCH_HELP } from '@b2b/domain/api/branches';
import type { Control, FieldValues } from 'react-hook-form';
import { AddressFields } from '../reference/address-fields';
import { ADDRESS_TYPE_OPTIONS } from './branch-form.schema';

const TYPES = {
  options: ADDRESS_TYPE_OPTIONS,
  description: "The billing or office address must be in the state of the branch's GSTIN.",
};

/** A branch address with its type and visibility, inside a form whose values include AddressFormValues. */
export function BranchAddressFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  return (
    <AddressFields
      control={control}
      types={TYPES}
      pincodeDescription={BRANCH_HELP.pinCode}
      visibleHelp={BRANCH_HELP.visible}
    />
  );
}
