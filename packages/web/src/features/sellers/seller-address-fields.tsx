import { SimpleGrid, Stack } from '@mantine/core';
import { type Control, type FieldValues, useWatch } from 'react-hook-form';
import { TextField } from '../../components/text-field';
import { CityField } from '../reference/city-field';
import { StateSelectField } from '../reference/state-select-field';

export interface SellerAddressFieldsProps {
  // The same fields serve the billing and shipping parts of the seller form and the address dialog.
  control: Control<FieldValues>;
  /** 'billing_address', 'shipping_address', or '' for a form that is only an address. */
  prefix: string;
}

/** Address lines, state, city and pincode of a seller address. */
export function SellerAddressFields({ control, prefix }: SellerAddressFieldsProps) {
  const name = (field: string) => (prefix ? `${prefix}.${field}` : field);
  const stateId = useWatch({ control, name: name('state_id') }) as string | undefined;
  return (
    <Stack gap="sm">
      <TextField
        control={control}
        name={name('address_line_1')}
        label="Address Line 1"
        required
        maxLength={200}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField control={control} name={name('address_line_2')} label="Address Line 2" maxLength={200} />
        <TextField control={control} name={name('landmark')} label="Landmark" maxLength={200} />
        <StateSelectField control={control} name={name('state_id')} label="State" required />
        <CityField
          control={control}
          name={name('city')}
          label="City"
          required
          stateId={stateId ? Number(stateId) : null}
        />
        <TextField
          control={control}
          name={name('pincode')}
          label="Pincode"
          required
          maxLength={6}
          inputMode="numeric"
        />
      </SimpleGrid>
    </Stack>
  );
}
