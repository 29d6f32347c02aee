import { WAREHOUSE_HELP } from '@b2b/domain/api/warehouses';
import type { Control, FieldValues } from 'react-hook-form';
import { AddressFields } from '../reference/address-fields';

/** The address of a warehouse with its visibility, inside a form whose values include AddressFormValues. */
export function WarehouseAddressFields<T extends FieldValues>({ control }: { control: Control<T> }) {
  return <AddressFields control={control} visibleHelp={WAREHOUSE_HELP.visible} />;
}
