import type { AddressOutput } from '@b2b/domain/api/common';
import { formatAddress } from '@b2b/domain/money';
import { Stack, Text } from '@mantine/core';

type Address = Pick<AddressOutput, 'address_line_1' | 'address_line_2' | 'landmark' | 'city' | 'pincode'> & {
  state: { name: string };
};

/** An address as two lines: the street, then city, state and pincode. */
export function AddressText({ address }: { address: Address }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm">{formatAddress(address)}</Text>
      <Text size="sm" c="dimmed">
        {address.city}, {address.state.name} {address.pincode}
      </Text>
    </Stack>
  );
}
