import { buyerTypeLabel } from '@b2b/domain/buyers';
import { formatMoney, NOT_APPLICABLE } from '@b2b/domain/money';
import { Card, Divider, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { lockedSwitchStyles } from '../../components/switch-field';
import { type BuyerDetail, type BuyerSwitch, useSetBuyerSwitch } from './buyers.api';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

const SWITCHES: {
  which: BuyerSwitch;
  label: string;
  description: string;
  value: (b: BuyerDetail) => boolean;
}[] = [
  {
    which: 'active',
    label: 'Active',
    description: 'An inactive buyer cannot place orders.',
    value: (b) => b.is_active,
  },
  {
    which: 'inventory',
    label: 'Expose Inventory',
    description: 'Show stock levels to this buyer (private warehouses are never shown).',
    value: (b) => b.is_inventory_exposed,
  },
  {
    which: 'ignore_for_bi',
    label: 'Ignore for Business Intelligence',
    description: "This buyer's sales are left out of the Business Intelligence insights.",
    value: (b) => b.ignore_for_bi,
  },
];

/** The buyer's fields and its three switches. */
export function BuyerDetailsTab({ buyer, canChange }: { buyer: BuyerDetail; canChange: boolean }) {
  const setSwitch = useSetBuyerSwitch();
  const pending = setSwitch.isPending ? setSwitch.variables : undefined;
  return (
    <Card withBorder padding="md">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
        <Field label="Contact Person">{buyer.contact_person_name ?? NOT_APPLICABLE}</Field>
        <Field label="Phone">{buyer.phone ?? NOT_APPLICABLE}</Field>
        <Field label="Email">{buyer.email ?? NOT_APPLICABLE}</Field>
        <Field label="GST Number">{buyer.gst_number ?? NOT_APPLICABLE}</Field>
        <Field label="PAN">{buyer.pan ?? NOT_APPLICABLE}</Field>
        <Field label="Buyer Type">{buyerTypeLabel(buyer.buyer_type)}</Field>
        <Field label="Payment Terms">{buyer.payment_term?.name ?? NOT_APPLICABLE}</Field>
        <Field label="Credit Limit">
          {buyer.credit_limit === null ? 'No limit' : formatMoney(buyer.credit_limit)}
        </Field>
        <Field label="Opening Balance">{formatMoney(buyer.opening_balance)}</Field>
        <Field label="Buyer Groups">
          {buyer.buyer_groups.length ? buyer.buyer_groups.map((g) => g.name).join(', ') : NOT_APPLICABLE}
        </Field>
        <Field label="Created">{dayjs(buyer.created_at).format('DD/MM/YYYY')}</Field>
      </SimpleGrid>
      <Divider my="md" />
      <Stack gap="md">
        {SWITCHES.map(({ which, label, description, value }) => {
          const checked = pending?.which === which ? pending.on : value(buyer);
          return (
            <Switch
              key={which}
              label={label}
              description={description}
              checked={checked}
              disabled={!canChange || pending?.which === which}
              styles={!canChange ? lockedSwitchStyles(checked) : undefined}
              onChange={(event) => setSwitch.mutate({ id: buyer.id, which, on: event.currentTarget.checked })}
            />
          );
        })}
      </Stack>
    </Card>
  );
}
