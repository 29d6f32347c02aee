import { SimpleGrid, Stack } from '@mantine/core';
import { type Control, type FieldPath, type FieldValues, useWatch } from 'react-hook-form';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { CityField } from './city-field';
import { StateSelectField } from './state-select-field';

export interface AddressFieldsProps<T extends FieldValues> {
  control: Control<T>;
  /** 'billing', 'shipping_address': the address sits under that key; absent, at the top level. */
  prefix?: string;
  /** 'Shipping ' gives 'Shipping Address Line 1': labels stay unique when two addresses are on screen. */
  labelPrefix?: string;
  /** An Address Type drop-down above the lines (field address_type) with these choices. */
  types?: { options: readonly { value: string; label: string }[]; description?: string };
  pincodeDescription?: string;
  /** A Visible switch below (field is_visible) explained by this text. */
  visibleHelp?: string;
}

/** The fields of one address inside a form: lines, landmark, state, city and pincode. */
export function AddressFields<T extends FieldValues>(props: AddressFieldsProps<T>) {
  const { control, prefix, labelPrefix = '', types, visibleHelp } = props;
  const name = (field: string) => (prefix ? `${prefix}.${field}` : field) as FieldPath<T>;
  const label = (text: string) => `${labelPrefix}${text}`;
  const stateId = useWatch({ control, name: name('state_id') }) as string | undefined;
  return (
    <Stack gap="sm">
      {types && (
        <SelectField
          control={control}
          name={name('address_type')}
          label={label('Address Type')}
          required
          data={types.options.map(({ value, label }) => ({ value, label }))}
          allowDeselect={false}
          description={types.description}
          maw={260}
        />
      )}
      <TextField
        control={control}
        name={name('address_line_1')}
        label={label('Address Line 1')}
        required
        maxLength={200}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField
          control={control}
          name={name('address_line_2')}
          label={label('Address Line 2')}
          maxLength={200}
        />
        <TextField control={control} name={name('landmark')} label={label('Landmark')} maxLength={200} />
        <StateSelectField control={control} name={name('state_id')} label={label('State')} required />
        <CityField
          control={control}
          name={name('city')}
          label={label('City')}
          required
          stateId={stateId ? Number(stateId) : null}
        />
        <TextField
          control={control}
          name={name('pincode')}
          label={label('Pincode')}
          description={props.pincodeDescription}
          required
          maxLength={6}
          inputMode="numeric"
        />
      </SimpleGrid>
      {visibleHelp && (
        <SwitchField
          control={control}
          name={name('is_visible')}
          label={label('Visible')}
          description={visibleHelp}
        />
      )}
    </Stack>
  );
}
