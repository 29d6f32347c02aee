import { BRANCH_HELP } from '@b2b/domain/api/branches';
import { SimpleGrid, Stack } from '@mantine/core';
import { type Control, useWatch } from 'react-hook-form';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { CityField } from '../reference/city-field';
import { StateSelectField } from '../reference/state-select-field';
import { ADDRESS_TYPE_OPTIONS, type AddressFormValues } from './branch-form.schema';

/** A branch address with its type and visibility, inside a form whose values include AddressFormValues. */
export function BranchAddressFields({ control }: { control: Control<AddressFormValues> }) {
  const stateId = useWatch({ control, name: 'state_id' });
  return (
    <Stack gap="sm">
      <SelectField
        control={control}
        name="address_type"
        label="Address Type"
        required
        data={ADDRESS_TYPE_OPTIONS}
        allowDeselect={false}
        description="The billing or office address must be in the state of the branch's GSTIN."
        maw={260}
      />
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
          description={BRANCH_HELP.pinCode}
          required
          maxLength={6}
          inputMode="numeric"
        />
      </SimpleGrid>
      <SwitchField control={control} name="is_visible" label="Visible" description={BRANCH_HELP.visible} />
    </Stack>
  );
}
