import { SimpleGrid } from '@mantine/core';
import type { Control, FieldValues, Path } from 'react-hook-form';
import { TextField } from '../../components/text-field';

type TransportValues = {
  eway_bill_number: string;
  vehicle_number: string;
  transporter_id: string;
  transporter_name: string;
};

/**
 * The e-way bill, vehicle and transporter of a shipment, as Create Shipment and Edit Tracking &
 * Transport both ask for them (checked by transportFieldsSchema as the server checks them).
 */
export function TransportFields<T extends FieldValues & TransportValues>({
  control,
}: {
  control: Control<T>;
}) {
  const name = (field: keyof TransportValues) => field as Path<T>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextField
        control={control}
        name={name('eway_bill_number')}
        label="E-way Bill No."
        description="12 digits"
        inputMode="numeric"
        maxLength={14}
      />
      <TextField
        control={control}
        name={name('vehicle_number')}
        label="Vehicle No."
        description="Such as MH12AB1234"
        maxLength={20}
      />
      <TextField
        control={control}
        name={name('transporter_id')}
        label="Transporter ID"
        description="The transporter's GSTIN or TRANSIN"
        maxLength={15}
      />
      <TextField control={control} name={name('transporter_name')} label="Transporter Name" maxLength={100} />
    </SimpleGrid>
  );
}
