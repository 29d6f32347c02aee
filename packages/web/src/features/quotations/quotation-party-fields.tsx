import { formatAddress } from '@b2b/domain/money';
import { Card, SimpleGrid, Title } from '@mantine/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Control, type UseFormSetValue, useController, useWatch } from 'react-hook-form';
import { api } from '../../api/client';
import type { Paged } from '../../api/types';
import { DayField } from '../../components/day-field';
import { EntitySelect, type EntitySource } from '../../components/entity-select';
import { visibleFieldError } from '../../components/field-error';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { allBranchesQuery } from '../branches/branches.api';
import { BuyerFormDialog } from '../buyers/buyer-form-dialog';
import { type Buyer, type BuyerDetail, buyerKeys, buyerQuery } from '../buyers/buyers.api';
import { paymentMethodListQuery } from '../payment-methods/payment-methods.api';
import { salesChannelsQuery } from '../reference/reference.api';
import { userListQuery } from '../users/users.api';
import { BUYER_PICKER_LIMIT } from '../warehouses/warehouses.api';
import type { QuotationFormValues } from './quotation-form.schema';
import { shippingMethodsQuery } from './quotations.api';

type BuyerOption = Pick<Buyer, 'id' | 'name' | 'is_active' | 'gst_number'>;

/** Buyers matching a search, each named with its GSTIN so that two firms of one name differ. */
const buyerPickerQuery = (companyId: number, search: string) =>
  queryOptions({
    queryKey: [...buyerKeys.lists(), 'picker', companyId, search] as const,
    queryFn: async ({ signal }): Promise<Paged<BuyerOption>> => {
      const page = await api.get<Paged<Buyer>>(
        `companies/${companyId}/buyers`,
        { search, limit: BUYER_PICKER_LIMIT, ordering: 'name' },
        signal,
      );
      return {
        ...page,
        results: page.results.map((b) => ({
          id: b.id,
          is_active: b.is_active,
          gst_number: b.gst_number,
          name: b.gst_number ? `${b.name} · ${b.gst_number}` : b.name,
        })),
      };
    },
    placeholderData: keepPreviousData,
  });

export const buyerSource = (companyId: number): EntitySource<BuyerOption, BuyerDetail> => ({
  search: (search) => buyerPickerQuery(companyId, search),
  one: buyerQuery,
  noun: 'buyer',
});

const ADDRESS_TYPES: Record<string, string> = { billing_address: 'Billing', shipping_address: 'Shipping' };

const addressOptions = (buyer: BuyerDetail | undefined) =>
  (buyer?.addresses ?? []).map((address) => ({
    value: String(address.id),
    label: `${ADDRESS_TYPES[address.address_type] ?? 'Address'}: ${formatAddress(address)}, ${address.city}, ${address.state.name} ${address.pincode}`,
  }));

const firstOfType = (buyer: BuyerDetail, type: string) =>
  buyer.addresses.find((address) => address.address_type === type) ?? buyer.addresses[0];

function BuyerField({
  control,
  setValue,
  companyId,
}: {
  control: Control<QuotationFormValues>;
  setValue: UseFormSetValue<QuotationFormValues>;
  companyId: number;
}) {
  const { field, fieldState, formState } = useController({ control, name: 'buyer' });
  const buyer = useQuery({ ...buyerQuery(field.value ?? 0), enabled: field.value !== null });
  // A buyer picked by the user brings its addresses and payment terms; a saved quotation keeps its own.
  const picked = useRef(false);
  useEffect(() => {
    if (!picked.current || !buyer.data || buyer.data.id !== field.value) return;
    picked.current = false;
    const options = { shouldDirty: true, shouldValidate: true };
    const billing = firstOfType(buyer.data, 'billing_address');
    const shipping = firstOfType(buyer.data, 'shipping_address');
    setValue('billing_address', billing ? String(billing.id) : null, options);
    setValue('shipping_address', shipping ? String(shipping.id) : null, options);
    if (buyer.data.payment_term) setValue('payment_terms', buyer.data.payment_term.days, options);
  }, [buyer.data, field.value, setValue]);

  const gstin = buyer.data?.gst_number;
  // '+ New Buyer' opens the buyer form; the buyer created there is chosen at once.
  const [creating, setCreating] = useState(false);
  const canCreate = canPerform(useCurrentUser(), 'add_buyer');
  return (
    <>
      {creating && (
        <BuyerFormDialog
          companyId={companyId}
          buyer={null}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            picked.current = true;
            field.onChange(created.id);
            field.onBlur();
          }}
        />
      )}
      <EntitySelect
        source={buyerSource(companyId)}
        label="Buyer"
        placeholder="Search buyers by name, phone or GSTIN"
        value={field.value ?? null}
        onChange={(id) => {
          picked.current = id !== null;
          field.onChange(id);
          if (id === null) {
            setValue('billing_address', null);
            setValue('shipping_address', null);
          }
          field.onBlur();
        }}
        onBlur={field.onBlur}
        description={buyer.data ? (gstin ? `GSTIN: ${gstin}` : 'Unregistered buyer (no GSTIN)') : undefined}
        required
        error={visibleFieldError(fieldState, formState.isSubmitted)}
        create={canCreate ? { label: '+ New Buyer', onCreate: () => setCreating(true) } : undefined}
      />
    </>
  );
}

/** Who buys, where it goes, who sells and on what terms: the head of the order form. */
export function QuotationPartyFields({
  control,
  setValue,
  companyId,
}: {
  control: Control<QuotationFormValues>;
  setValue: UseFormSetValue<QuotationFormValues>;
  companyId: number;
}) {
  const buyerId = useWatch({ control, name: 'buyer' });
  const buyer = useQuery({ ...buyerQuery(buyerId ?? 0), enabled: buyerId !== null });
  const branches = useQuery(allBranchesQuery(companyId));
  const channels = useQuery(salesChannelsQuery);
  const users = useQuery(userListQuery(companyId, { limit: -1, is_active: true, ordering: 'first_name' }));
  const shippingMethods = useQuery(shippingMethodsQuery(companyId));
  const paymentMethods = useQuery(paymentMethodListQuery(companyId));
  const addresses = addressOptions(buyer.data);
  const activeBranches = (branches.data?.results ?? []).filter((branch) => branch.is_active);
  // A company with one active branch sells from it: the form chooses it for a new order.
  const branchId = useWatch({ control, name: 'branch' });
  const onlyBranch = activeBranches.length === 1 ? String(activeBranches[0]?.id) : null;
  useEffect(() => {
    if (branchId === null && onlyBranch !== null) setValue('branch', onlyBranch, { shouldValidate: true });
  }, [branchId, onlyBranch, setValue]);
  const noAddresses =
    buyerId === null ? 'Choose a buyer first' : buyer.isLoading ? 'Loading addresses…' : undefined;

  return (
    <Card withBorder padding="md">
      <Title order={4} mb="sm">
        Buyer and Terms
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <BuyerField control={control} setValue={setValue} companyId={companyId} />
        <SelectField
          control={control}
          name="billing_address"
          label="Billing Address"
          required
          data={addresses}
          placeholder={noAddresses ?? 'Select an address'}
          nothingFoundMessage="The buyer has no address"
        />
        <SelectField
          control={control}
          name="shipping_address"
          label="Shipping Address"
          description="Its state is the place of supply"
          required
          data={addresses}
          placeholder={noAddresses ?? 'Select an address'}
          nothingFoundMessage="The buyer has no address"
        />
        <SelectField
          control={control}
          name="branch"
          label="Branch"
          required
          searchable
          placeholder="Select the selling branch"
          data={activeBranches.map((branch) => ({ value: String(branch.id), label: branch.name }))}
        />
        <SelectField
          control={control}
          name="sales_channel"
          label="Sales Channel"
          clearable
          placeholder="None"
          data={(channels.data?.results ?? []).map((c) => ({ value: String(c.id), label: c.display_name }))}
        />
        <SelectField
          control={control}
          name="sales_person"
          label="Sales Person"
          clearable
          searchable
          placeholder="None"
          data={(users.data?.results ?? []).map((u) => ({
            value: String(u.id),
            label: `${u.first_name} ${u.last_name}`.trim() || u.email,
          }))}
        />
        <SelectField
          control={control}
          name="shipping_method"
          label="Delivery Method"
          clearable
          placeholder="None"
          data={(shippingMethods.data?.results ?? [])
            .filter((m) => m.is_active)
            .map((m) => ({ value: String(m.id), label: m.name }))}
        />
        <SelectField
          control={control}
          name="payment_method"
          label="Payment Method"
          clearable
          placeholder="None"
          data={(paymentMethods.data?.results ?? [])
            .filter((m) => m.is_active)
            .map((m) => ({ value: String(m.id), label: m.name }))}
        />
        <NumberField
          control={control}
          name="payment_terms"
          label="Payment Terms (days)"
          min={0}
          max={365}
          decimalScale={0}
          allowNegative={false}
        />
        <DayField control={control} name="date" label="Date" />
        <DayField control={control} name="shipment_date" label="Shipment Date" clearable />
        <TextField control={control} name="reference" label="Reference" maxLength={64} />
        <NumberField
          control={control}
          name="minimum_item_value"
          label="Minimum Item Value"
          leftSection="₹"
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
        />
        <TextareaField control={control} name="notes" label="Notes" rows={1} />
      </SimpleGrid>
    </Card>
  );
}
