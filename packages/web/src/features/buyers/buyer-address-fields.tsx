import { SimpleGrid, Stack } from '@mantine/core';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { TextField } from '../../components/text-field';
import { CityField } from '../reference/city-field';
import { StateSelectField } from '../reference/state-select-field';

/**
 * The fields of one address inside a form, under `prefix` ('billing', 'shipping') or at the top
 * level; the form's values there have the shape of AddressFormValues.
 */
export function BuyerAddressFields<T extends FieldValues>({
  control,
  prefix,
  labelPrefix = '',
}: {
  control: Control<T>;
  prefix?: string;
  /** 'Shipping ' gives 'Shipping Address Line 1': labels stay unique when two addresses are on screen. */
  labelPrefix?: string;
}) {
  const name = (field: string) => (prefix ? `${prefix}.${field}` : field) as FieldPath<T>;
  const stateId = useWatch({ control, name: name('state_id') }) as string | undefined;
  return (
    <Stack gap="sm">
      <TextField
        control={control}
        name={name('address_line_1')}
        label={`${labelPrefix}Address Line 1`}
        required
        maxLength={200}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField
          control={control}
          name={name('address_line_2')}
          label={`${labelPrefix}Address Line 2`}
          maxLength={200}
        />
        <TextField
          control={control}
          name={name('landmark')}
          label={`${labelPrefix}Landmark`}
          maxLength={200}
        />
        <StateSelectField control={control} name={name('state_id')} label={`${labelPrefix}State`} required />
        <CityField
          control={control}
          name={name('city')}
          label={`${labelPrefix}City`}
          required
          stateId={stateId ? Number(stateId) : null}
        />
        <TextField
          control={control}
          name={name('pincode')}
          label={`${labelPrefix}Pincode`}
          required
          maxLength={6}
          inputMode="numeric"
        />
      </SimpleGrid>
    </Stack>
  );
}
