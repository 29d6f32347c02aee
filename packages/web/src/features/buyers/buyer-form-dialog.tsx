import { BUYER_TYPES } from '@b2b/domain/buyers';
import { isValidGstin } from '@b2b/domain/gstin';
import { isEmail } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  List,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { MultiSelectField } from '../../components/multi-select-field';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { submitHere } from '../../components/submit-here';
import { TextField } from '../../components/text-field';
import { AddressFields } from '../reference/address-fields';
import { type SalesChannel, salesChannelsQuery } from '../reference/reference.api';
import {
  type BuyerFormOutput,
  type BuyerFormValues,
  buyerFormSchema,
  createBodyOf,
  formValuesOf,
  gstinRequired,
  SERVER_FIELDS,
  updateBodyOf,
} from './buyer-form.schema';
import {
  type BuyerDetail,
  paymentTermsQuery,
  searchParties,
  useCreateBuyer,
  useUpdateBuyer,
} from './buyers.api';

const TYPE_OPTIONS = BUYER_TYPES.map((t) => ({ value: t.value, label: t.label }));

/**
 * Warns, before a buyer is created twice, that a buyer or seller of the company already has the
 * GSTIN, phone or e-mail typed (POST companies/search).
 */
function ExistingPartyNotice({
  control,
  exceptBuyerId,
}: {
  control: ReturnType<typeof useForm<BuyerFormValues>>['control'];
  exceptBuyerId?: number;
}) {
  const [gst, phone, email] = useWatch({ control, name: ['gst_number', 'phone', 'email'] });
  const [keys] = useDebouncedValue(
    {
      gst_number: typeof gst === 'string' && isValidGstin(gst) ? gst.trim().toUpperCase() : undefined,
      phone: typeof phone === 'string' && /^[1-9]\d{9}$/.test(phone.trim()) ? phone.trim() : undefined,
      email: typeof email === 'string' && isEmail(email) ? email.trim() : undefined,
    },
    400,
  );
  const any = Boolean(keys.gst_number || keys.phone || keys.email);
  const matches = useQuery({
    queryKey: ['party-search', keys],
    queryFn: () => searchParties(keys),
    enabled: any,
    staleTime: 30_000,
  });
  const found = (matches.data?.results ?? []).filter((m) => !(m.type === 'buyer' && m.id === exceptBuyerId));
  if (!any || found.length === 0) return null;
  const label = { gst_number: 'GST number', phone: 'phone', email: 'e-mail' } as const;
  return (
    <Alert color="yellow" title="Already exists" role="status">
      <List size="sm">
        {found.map((m) => (
          <List.Item key={`${m.type}-${m.id}`}>
            {m.type === 'buyer' ? 'Buyer' : 'Seller'} {m.name}
            {m.is_active ? '' : ' (inactive)'} has this {m.matched_on.map((f) => label[f]).join(', ')}.
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

export interface BuyerFormDialogProps {
  companyId: number;
  /** null creates a buyer */
  buyer: BuyerDetail | null;
  onClose: () => void;
  onCreated?: (buyer: BuyerDetail) => void;
}

/** Create a buyer with its addresses, or edit one (the opening balance is fixed once created). */
export function BuyerFormDialog(props: BuyerFormDialogProps) {
  const channels = useQuery(salesChannelsQuery);
  const title = props.buyer ? 'Edit Buyer' : 'Create Buyer';
  return (
    <Modal opened onClose={props.onClose} title={title} size="xl">
      {/* A new buyer gets every active channel by default: the form starts once they are known. */}
      {channels.data ? (
        <BuyerForm {...props} activeChannels={channels.data.results} />
      ) : channels.error ? (
        <LoadErrorAlert error={channels.error} onRetry={() => channels.refetch()} title="Failed to load." />
      ) : (
        <Loader aria-label="Loading" />
      )}
    </Modal>
  );
}

function BuyerForm({
  companyId,
  buyer,
  onClose,
  onCreated,
  activeChannels,
}: BuyerFormDialogProps & { activeChannels: SalesChannel[] }) {
  const create = useCreateBuyer(companyId);
  const update = useUpdateBuyer();
  const terms = useQuery(paymentTermsQuery(companyId));
  const form = useForm<BuyerFormValues, unknown, BuyerFormOutput>({
    mode: 'onTouched',
    resolver: zodResolver(buyerFormSchema),
    defaultValues: formValuesOf(
      buyer,
      activeChannels.map((c) => c.id),
    ),
  });
  const [buyerType, sameAsBilling] = useWatch({
    control: form.control,
    name: ['buyer_type', 'same_as_billing'],
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      if (buyer) {
        await update.mutateAsync({ id: buyer.id, body: updateBodyOf(values) });
      } else {
        onCreated?.(await create.mutateAsync(createBodyOf(values)));
      }
      onClose();
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [field, messages] of Object.entries(error.errors)) {
        const target = SERVER_FIELDS[field];
        if (target && messages[0]) form.setError(target as never, { type: 'server', message: messages[0] });
      }
    }
  });

  return (
    <form noValidate onSubmit={submitHere(submit)} aria-label={buyer ? 'Edit Buyer' : 'Create Buyer'}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField
            control={form.control}
            name="name"
            label="Buyer Name"
            required
            maxLength={200}
            data-autofocus
          />
          <TextField
            control={form.control}
            name="contact_person_name"
            label="Contact Person"
            maxLength={64}
          />
          <TextField control={form.control} name="phone" label="Phone" maxLength={10} inputMode="numeric" />
          <TextField control={form.control} name="email" label="Email" type="email" maxLength={254} />
          <SelectField
            control={form.control}
            name="buyer_type"
            label="Buyer Type"
            required
            data={TYPE_OPTIONS}
            allowDeselect={false}
          />
          <TextField
            control={form.control}
            name="gst_number"
            label="GST Number"
            required={gstinRequired(buyerType)}
            maxLength={15}
            description="The first two digits must be the billing address's state code."
          />
          <SelectField
            control={form.control}
            name="payment_term"
            label="Payment Terms"
            data={(terms.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
            clearable
            placeholder="None"
          />
          <NumberField
            control={form.control}
            name="credit_limit"
            label="Credit Limit"
            min={0}
            decimalScale={2}
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            prefix="₹"
            placeholder="No limit"
          />
          {!buyer && (
            <NumberField
              control={form.control}
              name="opening_balance"
              label="Opening Balance"
              decimalScale={2}
              thousandSeparator=","
              thousandsGroupStyle="lakh"
              prefix="₹"
              description="What the buyer owes today; negative for an advance."
            />
          )}
          <MultiSelectField
            control={form.control}
            name="sales_channels"
            label="Sales Channels"
            data={activeChannels.map((c) => ({ value: String(c.id), label: c.display_name }))}
            placeholder="Choose channels"
          />
        </SimpleGrid>
        <ExistingPartyNotice control={form.control} exceptBuyerId={buyer?.id} />
        <Divider />
        <Title order={5}>Billing Address</Title>
        <AddressFields control={form.control} prefix="billing" labelPrefix="Billing " />
        <Checkbox
          label="Same as billing"
          checked={Boolean(sameAsBilling)}
          onChange={(event) => form.setValue('same_as_billing', event.currentTarget.checked)}
        />
        {!sameAsBilling && (
          <>
            <Title order={5}>Shipping Address</Title>
            <AddressFields control={form.control} prefix="shipping" labelPrefix="Shipping " />
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || update.isPending}>
            {buyer ? 'Save' : 'Create Buyer'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
