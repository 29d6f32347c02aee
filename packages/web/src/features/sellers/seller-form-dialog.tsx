import { SELLER_NAME_MAX } from '@b2b/domain/api/sellers';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Divider, Group, Modal, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldValues,
  type Resolver,
  useForm,
  useWatch,
} from 'react-hook-form';
import type { z } from 'zod';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { TextField } from '../../components/text-field';
import { paymentTermsQuery } from '../buyers/buyers.api';
import { AddressFields } from '../reference/address-fields';
import {
  createBody,
  fieldsBody,
  formValuesOf,
  type SellerFormValues,
  sellerCreateFormSchema,
  sellerEditFormSchema,
} from './seller-form.schema';
import { type Seller, useCreateSeller, useUpdateSeller } from './sellers.api';

const ADDRESS_FIELDS = ['address_line_1', 'address_line_2', 'landmark', 'state_id', 'city', 'pincode'];
const FIELDS = [
  'name',
  'contact_person_name',
  'email',
  'phone',
  'gst_number',
  'pan',
  'tally_ledger_name',
  'payment_term',
  'shipping_address',
  ...ADDRESS_FIELDS.flatMap((f) => [`billing_address.${f}`, `shipping_address.${f}`]),
] as FieldPath<SellerFormValues>[];

/** One resolver type for both forms (their outputs differ; the submit parses again). */
const formSchema = (editing: boolean) =>
  (editing ? sellerEditFormSchema : sellerCreateFormSchema) as unknown as z.ZodType<
    FieldValues,
    SellerFormValues
  >;

export interface SellerFormDialogProps {
  companyId: number;
  /** null creates a seller (with its addresses); a seller is edited without its addresses. */
  seller: Seller | null;
  onClose: () => void;
  /** Called with the new seller's id after a create. */
  onCreated?: (id: number) => void;
}

/** Create a seller with billing and shipping addresses ('Same as billing'), or edit its fields. */
export function SellerFormDialog({ companyId, seller, onClose, onCreated }: SellerFormDialogProps) {
  const create = useCreateSeller(companyId);
  const terms = useQuery(paymentTermsQuery(companyId));
  const update = useUpdateSeller();
  const form = useForm<SellerFormValues>({
    mode: 'onTouched',
    // The edit form validates the seller's fields only; the address parts stay untouched.
    resolver: zodResolver(formSchema(seller !== null)) as unknown as Resolver<SellerFormValues>,
    defaultValues: formValuesOf(seller),
  });
  const control = form.control as unknown as Control<FieldValues>;
  const sameAsBilling = useWatch({ control: form.control, name: 'addSameAsBilling' });

  const submit = form.handleSubmit(async () => {
    const values = form.getValues();
    try {
      if (seller) {
        const parsed = sellerEditFormSchema.parse(values);
        await update.mutateAsync({ id: seller.id, body: fieldsBody(parsed) });
      } else {
        const created = await create.mutateAsync(createBody(sellerCreateFormSchema.parse(values)));
        onCreated?.(created.id);
      }
      onClose();
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS);
    }
  });

  return (
    <Modal opened onClose={onClose} title={seller ? 'Edit Seller' : 'Create Seller'} size="xl">
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField
              control={form.control}
              name="name"
              label="Seller Name"
              required
              maxLength={SELLER_NAME_MAX}
              data-autofocus
            />
            <TextField
              control={form.control}
              name="contact_person_name"
              label="Contact Person Name"
              maxLength={64}
            />
            <TextField control={form.control} name="email" label="Email" type="email" />
            <TextField control={form.control} name="phone" label="Phone" maxLength={10} inputMode="numeric" />
            <TextField
              control={form.control}
              name="gst_number"
              label="GST Number"
              maxLength={15}
              description="15 characters; its state code must match the billing address."
            />
            <TextField control={form.control} name="pan" label="PAN" maxLength={10} />
            <TextField
              control={form.control}
              name="tally_ledger_name"
              label="Tally Ledger Name"
              maxLength={64}
            />
            <SelectField
              control={form.control}
              name="payment_term"
              label="Payment Terms"
              data={(terms.data?.results ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              clearable
              placeholder="None"
              description="Bills from this seller fall due this many days after their date."
            />
          </SimpleGrid>
          {!seller && (
            <>
              <Divider />
              <Title order={5}>Billing Address</Title>
              <AddressFields control={control} prefix="billing_address" />
              <Controller
                control={form.control}
                name="addSameAsBilling"
                render={({ field }) => (
                  <Checkbox
                    label="Same as billing"
                    description="Use the billing address as the shipping address too."
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                    onBlur={field.onBlur}
                  />
                )}
              />
              {!sameAsBilling && (
                <>
                  <Title order={5}>Shipping Address</Title>
                  <AddressFields control={control} prefix="shipping_address" />
                </>
              )}
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {seller ? 'Save' : 'Create Seller'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
