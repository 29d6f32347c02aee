import { buyerTypeLabel } from '@b2b/domain/buyers';
import { formatMoney } from '@b2b/domain/money';
import { Card, Divider, Stack, Switch } from '@mantine/core';
import dayjs from 'dayjs';
import { DetailField, DetailGrid } from '../../components/detail-field';
import { lockedSwitchStyles } from '../../components/switch-field';
import { type BuyerDetail, type BuyerSwitch, useSetBuyerSwitch } from './buyers.api';

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
      <DetailGrid>
        <DetailField label="Contact Person">{buyer.contact_person_name}</DetailField>
        <DetailField label="Phone">{buyer.phone}</DetailField>
        <DetailField label="Email">{buyer.email}</DetailField>
        <DetailField label="GST Number">{buyer.gst_number}</DetailField>
        <DetailField label="PAN">{buyer.pan}</DetailField>
        <DetailField label="Buyer Type">{buyerTypeLabel(buyer.buyer_type)}</DetailField>
        <DetailField label="Payment Terms">{buyer.payment_term?.name}</DetailField>
        <DetailField label="Credit Limit">
          {buyer.credit_limit === null ? 'No limit' : formatMoney(buyer.credit_limit)}
        </DetailField>
        <DetailField label="Opening Balance">{formatMoney(buyer.opening_balance)}</DetailField>
        <DetailField label="Buyer Groups">
          {buyer.buyer_groups.length ? buyer.buyer_groups.map((g) => g.name).join(', ') : null}
        </DetailField>
        <DetailField label="Created">{dayjs(buyer.created_at).format('DD/MM/YYYY')}</DetailField>
      </DetailGrid>
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
