import { WAREHOUSE_HELP } from '@b2b/domain/api/warehouses';
import { SimpleGrid, Stack } from '@mantine/core';
import { type Control, useWatch } from 'react-hook-form';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { CityField } from '../reference/city-field';
import { StateSelectField } from '../reference/state-select-field';
import type { AddressFormValues } from './warehouse-form.schema';

/** The address of a warehouse with its visibility, inside a form whose values include AddressFormValues. */
export function WarehouseAddressFields({ control }: { control: Control<AddressFormValues> }) {
  const stateId = useWatch({ control, name: 'state_id' });
  return (
    <Stack gap="sm">
      <TextField control={control} name="address_line_1" label="Address Line 1" required maxLength={200} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField control={control} name="address_line_2" label="Address Line 2" maxLength={200} />
        <TextField control={control} name="landmark" label="Landmark" maxLength={200} />
        <StateSelectField control={control} name="state_id" label="State" required />
        <CityField
          control={control}
          name="city"
          label="City"
          required
          stateId={stateId ? Number(stateId) : null}
        />
        <TextField
          control={control}
          name="pincode"
          label="Pincode"
          required
          maxLength={6}
          inputMode="numeric"
        />
      </SimpleGrid>
      <SwitchField control={control} name="is_visible" label="Visible" description={WAREHOUSE_HELP.visible} />
    </Stack>
  );
}
