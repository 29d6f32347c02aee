import {
  COUPON_CODE_MAX,
  COUPON_MODE_LABELS,
  COUPON_MODES,
  OFFER_DESCRIPTION_MAX,
  OFFER_REWARD_LABELS,
  OFFER_REWARD_TYPES,
  OFFER_TITLE_MAX,
} from '@b2b/domain/api/offers';
import {
  COUPON_LENGTH_DEFAULT,
  COUPON_LENGTH_MAX,
  COUPON_LENGTH_MIN,
  UNIQUE_CODES_MAX,
} from '@b2b/domain/offers';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { DayField } from '../../components/day-field';
import { MultiSelectField } from '../../components/multi-select-field';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { applyServerErrors } from '../../components/server-errors';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { TextareaField } from '../../components/textarea-field';
import { useUnsavedChanges } from '../../components/use-unsaved-changes';
import { brandListQuery } from '../brands/brands.api';
import { buyerGroupListQuery } from '../buyer-groups/buyer-groups.api';
import { categoryTreeQuery } from '../categories/categories.api';
import { salesChannelsQuery } from '../reference/reference.api';
import {
  emptyOfferForm,
  OFFER_SERVER_FIELDS,
  type OfferFormValues,
  offerCreateBody,
  offerCreateFormSchema,
  offerFormValues,
  offerUpdateBody,
  offerUpdateFormSchema,
} from './offer-form.schema';
import { OfferPreviewCard } from './offer-preview-card';
import { OfferProductsField } from './offer-product-picker';
import { type Offer, type OfferKind, useCreateOffer, useUpdateOffer } from './offers.api';

export interface OfferFormProps {
  companyId: number;
  kind: OfferKind;
  /** The offer being edited; absent for a new one. */
  offer?: Offer;
  onSaved: (offer: Offer) => void;
  onCancel: () => void;
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Stack gap="sm">
        <Stack gap={2}>
          <Title order={4}>{title}</Title>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Card>
  );
}

const DISCOUNT_TYPE_OPTIONS = [
  { value: 'percentage', label: 'Percentage (%)' },
  { value: 'flat', label: 'Flat amount (₹)' },
];

/**
 * New and Edit Product Offer / Cart Offer: every field of the Offer record, checked by the domain's
 * offerCreate / offerUpdate (the server's schemas), the server's field messages put on the fields,
 * and beside it the live preview of what a sample order would get.
 */
export function OfferForm({ companyId, kind, offer, onSaved, onCancel }: OfferFormProps) {
  const create = useCreateOffer(companyId);
  const update = useUpdateOffer(offer?.id ?? 0);
  const editing = offer !== undefined;
  const form = useForm<OfferFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(
      editing ? offerUpdateFormSchema : offerCreateFormSchema,
    ) as unknown as Resolver<OfferFormValues>,
    defaultValues: offer ? offerFormValues(offer) : emptyOfferForm(kind),
  });
  const values = useWatch({ control: form.control }) as OfferFormValues;
  const buyerGroups = useQuery(buyerGroupListQuery(companyId, { limit: -1, ordering: 'name' }));
  const channels = useQuery(salesChannelsQuery);
  const brands = useQuery({
    ...brandListQuery(companyId, { limit: -1, ordering: 'name' }),
    enabled: kind === 'product',
  });
  const categories = useQuery({ ...categoryTreeQuery(companyId), enabled: kind === 'product' });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const saving = create.isPending || update.isPending;

  const percentage = values.discount_type === 'percentage';
  const cashpoints = values.reward_type === 'cashpoints';
  const mode = values.coupon_mode;
  const generates =
    mode === 'unique' || (mode === 'shared' && String(values.coupon_code ?? '').trim() === '');
  const productsError = form.formState.errors.products?.message;

  const save = form.handleSubmit(async (output) => {
    try {
      let saved: Offer;
      if (offer) {
        const body = offerUpdateBody(output as never);
        // The same shared code again is no change (a new one replaces the old while unused).
        if (body.coupon_code !== undefined && body.coupon_code === offer.coupon_code) delete body.coupon_code;
        saved = await update.mutateAsync(body);
      } else {
        saved = await create.mutateAsync(offerCreateBody(output as never));
      }
      unsaved.allowNavigation();
      onSaved(saved);
    } catch (error) {
      applyServerErrors(error, form.setError, OFFER_SERVER_FIELDS);
    }
  });

  const kindName = kind === 'product' ? 'Product Offer' : 'Cart Offer';
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (event.target !== event.currentTarget) return;
        void save();
      }}
      aria-label={editing ? `Edit ${kindName}` : `New ${kindName}`}
    >
      {unsaved.prompt}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="lg">
            <Section title="Offer">
              <TextField
                control={form.control}
                name="title"
                label="Title"
                required
                maxLength={OFFER_TITLE_MAX}
                placeholder={kind === 'product' ? 'Fans 10% off' : 'Diwali ₹200 off above ₹2,000'}
              />
              <TextareaField
                control={form.control}
                name="description"
                label="Description"
                maxLength={OFFER_DESCRIPTION_MAX}
                minRows={2}
                placeholder="What the buyer sees about the offer"
              />
              <TextareaField
                control={form.control}
                name="terms"
                label="Terms"
                maxLength={OFFER_DESCRIPTION_MAX}
                minRows={2}
                placeholder="Terms and conditions"
              />
            </Section>

            <Section
              title="Discount"
              description={
                kind === 'product'
                  ? 'A percentage of each matching line, or a flat amount off each unit.'
                  : 'A percentage of the order, or a flat amount off the order.'
              }
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <SelectField
                  control={form.control}
                  name="discount_type"
                  label="Discount Type"
                  required
                  data={DISCOUNT_TYPE_OPTIONS}
                  allowDeselect={false}
                />
                <NumberField
                  control={form.control}
                  name="discount_value"
                  label={
                    percentage
                      ? 'Discount (%)'
                      : kind === 'product'
                        ? 'Discount per unit (₹)'
                        : 'Discount (₹)'
                  }
                  required
                  min={0}
                  max={percentage ? 100 : undefined}
                  decimalScale={2}
                  leftSection={percentage ? undefined : '₹'}
                  rightSection={percentage ? '%' : undefined}
                />
                {percentage && (
                  <NumberField
                    control={form.control}
                    name="max_discount"
                    label="Max Discount (₹)"
                    description="The most a percentage takes off one order; blank: no cap"
                    min={0}
                    decimalScale={2}
                    leftSection="₹"
                  />
                )}
                <SelectField
                  control={form.control}
                  name="reward_type"
                  label="Reward"
                  required
                  allowDeselect={false}
                  data={OFFER_REWARD_TYPES.map((type) => ({ value: type, label: OFFER_REWARD_LABELS[type] }))}
                />
                {cashpoints && (
                  <NumberField
                    control={form.control}
                    name="cashpoint_min_discount"
                    label="Cashpoint Minimum Discount (₹)"
                    description="Below this amount no cashpoints are credited"
                    min={0}
                    decimalScale={2}
                    leftSection="₹"
                  />
                )}
              </SimpleGrid>
            </Section>

            {kind === 'product' && (
              <Section
                title="Applies To"
                description="The products, categories (with their sub-categories) and brands the offer takes a price off."
              >
                <OfferProductsField companyId={companyId} control={form.control} error={productsError} />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <MultiSelectField
                    control={form.control}
                    name="categories"
                    label="Categories"
                    searchable
                    clearable
                    placeholder={values.categories?.length ? undefined : 'Choose categories'}
                    data={(categories.data?.results ?? [])
                      .filter((c) => !c.is_root)
                      .map((c) => ({ value: String(c.id), label: c.name }))}
                    comboboxProps={{ withinPortal: true }}
                  />
                  <MultiSelectField
                    control={form.control}
                    name="brands"
                    label="Brands"
                    searchable
                    clearable
                    placeholder={values.brands?.length ? undefined : 'Choose brands'}
                    data={(brands.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
                    comboboxProps={{ withinPortal: true }}
                  />
                </SimpleGrid>
              </Section>
            )}

            <Section title="Conditions" description="Who gets the offer and on which orders.">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NumberField
                  control={form.control}
                  name="min_order_value"
                  label="Minimum Order Value (₹)"
                  min={0}
                  decimalScale={2}
                  leftSection="₹"
                />
                <NumberField
                  control={form.control}
                  name="min_quantity"
                  label="Minimum Quantity"
                  description={
                    kind === 'product' ? 'Of the offer’s products on the order' : 'Of the whole order'
                  }
                  min={0}
                  decimalScale={3}
                />
                <MultiSelectField
                  control={form.control}
                  name="buyer_groups"
                  label="Buyer Groups"
                  description="None chosen: every buyer"
                  searchable
                  clearable
                  placeholder={values.buyer_groups?.length ? undefined : 'Every buyer'}
                  data={(buyerGroups.data?.results ?? []).map((g) => ({
                    value: String(g.id),
                    label: g.name,
                  }))}
                  comboboxProps={{ withinPortal: true }}
                />
                <SelectField
                  control={form.control}
                  name="sales_channel"
                  label="Sales Channel"
                  description="None chosen: every channel"
                  placeholder="Every channel"
                  clearable
                  data={(channels.data?.results ?? []).map((c) => ({
                    value: String(c.id),
                    label: c.display_name || c.name,
                  }))}
                />
              </SimpleGrid>
              <SwitchField control={form.control} name="first_order_only" label="Buyer's first order only" />
            </Section>

            <Section title="Limits" description="Blank: no limit.">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NumberField
                  control={form.control}
                  name="uses_per_buyer"
                  label="Uses per Buyer"
                  min={1}
                  decimalScale={0}
                  allowDecimal={false}
                />
                <NumberField
                  control={form.control}
                  name="total_uses_limit"
                  label="Total Uses"
                  min={1}
                  decimalScale={0}
                  allowDecimal={false}
                />
                <NumberField
                  control={form.control}
                  name="max_offer_amount_per_transaction"
                  label="Max Offer Amount per Order (₹)"
                  min={0}
                  decimalScale={2}
                  leftSection="₹"
                />
                <NumberField
                  control={form.control}
                  name="max_offer_amount_per_buyer"
                  label="Max Offer Amount per Buyer (₹)"
                  min={0}
                  decimalScale={2}
                  leftSection="₹"
                />
                <NumberField
                  control={form.control}
                  name="budget"
                  label="Budget (₹)"
                  description="What the offer may give in all"
                  min={0}
                  decimalScale={2}
                  leftSection="₹"
                />
              </SimpleGrid>
            </Section>

            <Section title="Validity">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <DayField control={form.control} name="start_date" label="Start Date" clearable />
                <DayField
                  control={form.control}
                  name="end_date"
                  label="End Date"
                  clearable
                  minDate={values.start_date || undefined}
                />
              </SimpleGrid>
              <Group gap="xl">
                <SwitchField control={form.control} name="is_active" label="Active" />
                <SwitchField
                  control={form.control}
                  name="is_visible_to_customers"
                  label="Visible to customers"
                  description="An offer without a coupon applies by itself only when visible"
                />
              </Group>
            </Section>

            <Section
              title="Coupon"
              description="Without a coupon the offer applies by itself; with one, the buyer enters the code."
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <SelectField
                  control={form.control}
                  name="coupon_mode"
                  label="Coupon Mode"
                  required
                  allowDeselect={false}
                  disabled={editing}
                  description={editing ? 'Stays as created' : undefined}
                  data={COUPON_MODES.map((m) => ({ value: m, label: COUPON_MODE_LABELS[m] }))}
                />
                {mode === 'shared' && (
                  <TextField
                    control={form.control}
                    name="coupon_code"
                    label="Coupon Code"
                    maxLength={COUPON_CODE_MAX}
                    description="Leave blank to generate one"
                    styles={{ input: { textTransform: 'uppercase' } }}
                  />
                )}
                {mode === 'unique' && !editing && (
                  <NumberField
                    control={form.control}
                    name="coupon_count"
                    label="Number of Codes"
                    required
                    min={1}
                    max={UNIQUE_CODES_MAX}
                    allowDecimal={false}
                    description="More can be generated later"
                  />
                )}
              </SimpleGrid>
              {mode !== 'none' && generates && (
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <NumberField
                    control={form.control}
                    name="coupon_length"
                    label="Code Length"
                    description={`${COUPON_LENGTH_MIN} to ${COUPON_LENGTH_MAX}; blank: ${COUPON_LENGTH_DEFAULT}`}
                    min={COUPON_LENGTH_MIN}
                    max={COUPON_LENGTH_MAX}
                    allowDecimal={false}
                  />
                  <TextField
                    control={form.control}
                    name="coupon_prefix"
                    label="Prefix"
                    maxLength={10}
                    styles={{ input: { textTransform: 'uppercase' } }}
                  />
                  <TextField
                    control={form.control}
                    name="coupon_suffix"
                    label="Suffix"
                    maxLength={10}
                    styles={{ input: { textTransform: 'uppercase' } }}
                  />
                </SimpleGrid>
              )}
            </Section>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <div style={{ position: 'sticky', top: 16 }}>
            <OfferPreviewCard companyId={companyId} values={values} />
          </div>
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {editing ? 'Save' : `Create ${kindName}`}
        </Button>
      </Group>
    </form>
  );
}
