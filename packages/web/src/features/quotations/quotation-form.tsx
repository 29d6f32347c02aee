import { formatMoney } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueries, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { type Control, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { NumberField } from '../../components/number-field';
import { useUnsavedChanges } from '../../components/use-unsaved-changes';
import { branchQuery } from '../branches/branches.api';
import { buyerQuery } from '../buyers/buyers.api';
import { productQuery } from '../products/products.api';
import { DocumentTotalsCard } from '../sales-orders/document-totals-card';
import type { SalesOrder } from '../sales-orders/sales-orders.api';
import { shippingSuggestionQuery } from '../shipping-charges/shipping-charges.api';
import {
  branchStateCode,
  documentTotalsOf,
  intraStateSupply,
  liveTotals,
  type PricedProduct,
  type SavedLineOffer,
} from './live-totals';
import {
  emptyQuotationForm,
  type QuotationFormOutput,
  type QuotationFormValues,
  quotationFormSchema,
  quotationFormValues,
} from './quotation-form.schema';
import { QuotationItems } from './quotation-items';
import { QuotationOffersCard } from './quotation-offers-card';
import { QuotationPartyFields } from './quotation-party-fields';
import { type Quotation, quotationQuery } from './quotations.api';
import { type QuotationAction, useQuotationActions } from './use-quotation-actions';

/** The order's figures while it is typed: the domain's pricing over the form's lines. */
function useLiveTotals(
  control: Control<QuotationFormValues>,
  couponDiscount: number,
  savedLineOffers: readonly SavedLineOffer[],
) {
  const [items, buyerId, branchId, shippingAddress, additional, shipping, other] = useWatch({
    control,
    name: [
      'items',
      'buyer',
      'branch',
      'shipping_address',
      'additional_discount',
      'shipping_handling_charges',
      'other_charges',
    ],
  });
  const productIds = [...new Set(items.flatMap((line) => (line.product === null ? [] : [line.product])))];
  const productResults = useQueries({ queries: productIds.map((id) => productQuery(id)) });
  const products = new Map<number, PricedProduct>();
  for (const result of productResults) if (result.data) products.set(result.data.id, result.data);
  const branch = useQuery({ ...branchQuery(Number(branchId)), enabled: branchId !== null });
  const buyer = useQuery({ ...buyerQuery(buyerId ?? 0), enabled: buyerId !== null });
  const placeOfSupply =
    buyer.data?.addresses.find((a) => String(a.id) === shippingAddress)?.state.gst_code ?? null;
  const intraState = intraStateSupply(branch.data ? branchStateCode(branch.data) : null, placeOfSupply);
  const live = liveTotals({
    items,
    products,
    intraState,
    roundOff: branch.data?.round_off_enabled ?? false,
    couponDiscount,
    savedLineOffers,
    additionalDiscount: additional,
    shippingCharges: shipping,
    otherCharges: other,
  });
  return { live, totals: documentTotalsOf(live, couponDiscount) };
}

/**
 * The shipping charge the company's rules suggest for the draft (issue 26): its sales channel,
 * lines (the server weighs them by their products), value (the lines after discounts, with GST)
 * and delivery pincode. Only a default: the form fills it while the user has not typed a charge.
 */
function useShippingSuggestion(
  companyId: number,
  control: Control<QuotationFormValues>,
  lineAmounts: readonly (number | null)[],
) {
  const [items, channel, buyerId, shippingAddress] = useWatch({
    control,
    name: ['items', 'sales_channel', 'buyer', 'shipping_address'],
  });
  const buyer = useQuery({ ...buyerQuery(buyerId ?? 0), enabled: buyerId !== null });
  const pincode = buyer.data?.addresses.find((a) => String(a.id) === shippingAddress)?.pincode ?? null;
  const lines = items.flatMap((item) =>
    item.product === null || !(Number(item.quantity) > 0)
      ? []
      : [{ product: item.product, quantity: Number(item.quantity) }],
  );
  const orderValue =
    Math.round(lineAmounts.reduce<number>((sum, amount) => sum + (amount ?? 0), 0) * 100) / 100;
  const body = {
    sales_channel: channel ? Number(channel) : null,
    pincode,
    order_value: Math.max(orderValue, 0),
    lines,
  };
  // Asked once typing pauses, not at every keystroke of a quantity (the key is the body's JSON, so
  // an equal body re-rendered does not restart the wait).
  const [bodyKey] = useDebouncedValue(JSON.stringify(body), SUGGESTION_DELAY_MS);
  const settledBody = useMemo(() => JSON.parse(bodyKey) as typeof body, [bodyKey]);
  return useQuery({
    ...shippingSuggestionQuery(companyId, settledBody),
    enabled: settledBody.lines.length > 0,
  });
}

const SUGGESTION_DELAY_MS = 300;

function ChargesCard({
  control,
  shippingHint,
}: {
  control: Control<QuotationFormValues>;
  shippingHint?: ReactNode;
}) {
  const money = { leftSection: '₹', min: 0, decimalScale: 2, allowNegative: false } as const;
  return (
    <Card withBorder padding="md">
      <Title order={4} mb="sm">
        Discount and Charges
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <NumberField control={control} name="additional_discount" label="Additional Discount" {...money} />
        <NumberField
          control={control}
          name="shipping_handling_charges"
          label="Shipping & Handling Charges"
          description={shippingHint}
          {...money}
        />
        <NumberField control={control} name="other_charges" label="Other Charges" {...money} />
      </SimpleGrid>
    </Card>
  );
}

/** Why the live figures may differ from what the server will charge, or what stops them. */
function TotalsNote({
  error,
  splitUnknown,
  couponOutdated,
}: {
  error: string | null;
  splitUnknown: boolean;
  couponOutdated: boolean;
}) {
  if (error) {
    return (
      <Text size="sm" c="red" role="alert">
        {error}
      </Text>
    );
  }
  const hints = [
    splitUnknown ? 'Choose the branch and the shipping address to see CGST and SGST or IGST.' : null,
    couponOutdated ? 'The coupon discount shown is the saved one; it is worked out again on saving.' : null,
  ].filter((hint) => hint !== null);
  return hints.map((hint) => (
    <Text key={hint} size="xs" c="dimmed">
      {hint}
    </Text>
  ));
}

const BUTTONS: Record<QuotationAction, string> = {
  draft: 'Save as Draft',
  quotation: 'Create Quotation',
  instant: 'Place Instant Order',
  order: 'Place Order',
  update: 'Update Order',
};

/**
 * The order form (spec 1, Sales order form), for /orders/new, /quotations/new and a saved
 * quotation: buyer and terms, products with their stock per warehouse, discounts and charges,
 * live totals with the GST split the server will charge, offers once saved, and the buttons.
 */
export function QuotationForm({
  companyId,
  quotation,
  onSaved,
  onOrdered,
  onCancel,
  primary = 'order',
}: {
  companyId: number;
  quotation: Quotation | null;
  onSaved: (quotation: Quotation) => void;
  onOrdered: (order: SalesOrder) => void;
  onCancel: () => void;
  /** The filled button (and Enter): Place Order on New Order, Create Quotation on New Quotation. */
  primary?: 'order' | 'quotation';
}) {
  const defaultValues = useMemo(
    () => (quotation ? quotationFormValues(quotation) : emptyQuotationForm()),
    [quotation],
  );
  const form = useForm<QuotationFormValues, unknown, QuotationFormOutput>({
    // 'all': a value typed or set clears its stale error at once (an added line is checked whole).
    mode: 'all',
    resolver: zodResolver(quotationFormSchema),
    defaultValues,
  });
  const items = useFieldArray({ control: form.control, name: 'items' });
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const actions = useQuotationActions(companyId, form, quotation, {
    onSaved: (saved) => {
      if (!quotation) unsaved.allowNavigation();
      onSaved(saved);
    },
    onOrdered: (order) => {
      unsaved.allowNavigation();
      onOrdered(order);
    },
  });
  // The saved quotation as the cache has it: a coupon applied or removed changes it there.
  const cached = useQuery({ ...quotationQuery(actions.current?.id ?? 0), enabled: actions.current !== null });
  const current = cached.data ?? actions.current;
  const couponDiscount = current?.totals.coupon_discount ?? 0;
  const savedLineOffers = (current?.items ?? []).map((item) => ({
    product: item.product.id,
    warehouse: item.warehouse.id,
    quantity: item.quantity,
    rate: item.rate,
    discount: item.discount,
    offerDiscount: item.offer_discount,
  }));
  const { live, totals } = useLiveTotals(form.control, couponDiscount, savedLineOffers);
  const suggestion = useShippingSuggestion(companyId, form.control, live.lineAmounts);
  const suggested = suggestion.data;
  const shippingTyped = form.getFieldState('shipping_handling_charges', form.formState).isDirty;
  // A new document takes the suggested charge until the user types one; a saved one keeps its own.
  const fillShipping = quotation === null && !shippingTyped;
  useEffect(() => {
    if (!fillShipping || !suggested) return;
    const value = suggested.shipping_charge === 0 ? '' : suggested.shipping_charge;
    if (form.getValues('shipping_handling_charges') !== value) {
      form.setValue('shipping_handling_charges', value, { shouldDirty: false, shouldValidate: true });
    }
  }, [fillShipping, suggested, form]);
  const shippingNow = useWatch({ control: form.control, name: 'shipping_handling_charges' });
  const suggestedText = suggested?.rule
    ? `Suggested ${formatMoney(suggested.shipping_charge)} by ${suggested.rule.name}: ${suggested.reason}`
    : undefined;
  // A saved document keeps its own charge; when the rules now say otherwise, one click applies them.
  const offerApply =
    !fillShipping && suggested?.rule && Number(shippingNow || 0) !== suggested.shipping_charge;
  const shippingHint =
    suggestedText && offerApply ? (
      <>
        {suggestedText}{' '}
        <Anchor
          component="button"
          type="button"
          size="xs"
          onClick={() =>
            form.setValue(
              'shipping_handling_charges',
              suggested.shipping_charge === 0 ? '' : suggested.shipping_charge,
              { shouldDirty: true, shouldValidate: true },
            )
          }
        >
          Apply suggestion
        </Anchor>
      </>
    ) : (
      suggestedText
    );
  const itemsError = form.formState.errors.items?.root?.message ?? form.formState.errors.items?.message;
  const editingOrder = current?.purpose === 'edit_order';
  const offered: QuotationAction[] = editingOrder
    ? ['draft', 'update']
    : current?.status === 'submitted'
      ? ['draft', 'instant', 'order']
      : ['draft', 'quotation', 'instant', 'order'];
  const main: QuotationAction = editingOrder ? 'update' : offered.includes(primary) ? primary : 'order';
  // The primary action last, at the right where the eye ends.
  const buttons = [...offered.filter((action) => action !== main), main];

  return (
    <form noValidate onSubmit={actions.run(main)} aria-label="Sales Order">
      {unsaved.prompt}
      <Stack gap="lg">
        <QuotationPartyFields control={form.control} setValue={form.setValue} companyId={companyId} />
        <QuotationItems
          control={form.control}
          setValue={form.setValue}
          companyId={companyId}
          items={items}
          lineAmounts={live.lineAmounts}
          error={itemsError}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="lg">
            <ChargesCard control={form.control} shippingHint={shippingHint} />
            {current && <QuotationOffersCard quotation={current} editable={current.status !== 'ordered'} />}
          </Stack>
          <DocumentTotalsCard
            totals={totals}
            intraState={live.intraState}
            note={
              <TotalsNote
                error={live.error}
                splitUnknown={live.intraState === null}
                couponOutdated={Boolean(current?.coupon_code) && form.formState.isDirty}
              />
            }
          />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={actions.busy !== null}>
            Cancel
          </Button>
          {buttons.map((action) => {
            const isMain = action === main;
            return (
              <Button
                key={action}
                type={isMain ? 'submit' : 'button'}
                variant={isMain ? 'filled' : 'light'}
                loading={actions.busy === action}
                disabled={actions.busy !== null && actions.busy !== action}
                onClick={isMain ? undefined : actions.run(action)}
              >
                {action === 'draft' && current?.status === 'submitted' ? 'Save Changes' : BUTTONS[action]}
              </Button>
            );
          })}
        </Group>
      </Stack>
    </form>
  );
}
