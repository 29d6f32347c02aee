import { BILL_NUMBER_MAX_LENGTH, GST_SLABS, BILL_MESSAGES as M } from '@b2b/domain/bills';
import { GST_TREATMENT_OPTIONS } from '@b2b/domain/gst/gst-treatment';
import { formatMoney, toRupees } from '@b2b/domain/money';
import { lastRateSentence } from '@b2b/domain/purchase-orders';
import { addDays, todayInIndia } from '@b2b/domain/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import {
  type Control,
  type Resolver,
  type UseFormReturn,
  useController,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { DayField } from '../../components/day-field';
import { EntitySelect } from '../../components/entity-select';
import { visibleFieldError } from '../../components/field-error';
import { Money } from '../../components/money';
import { notifySuccess } from '../../components/notify';
import { NumberField } from '../../components/number-field';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { useUnsavedChanges } from '../../components/use-unsaved-changes';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { allBranchesQuery, branchQuery } from '../branches/branches.api';
import { companyQuery } from '../companies/companies.api';
import { productSource } from '../inventory-adjustments/inventory-adjustment-form';
import { productQuery } from '../products/products.api';
import { SellerFormDialog } from '../sellers/seller-form-dialog';
import { sellerSource } from '../sellers/seller-source';
import { type SellerDetail, sellerQuery } from '../sellers/sellers.api';
import { LineSerialNumbersField } from '../serial-numbers/line-serial-numbers';
import { useBatchConfiguration } from '../stock-batches/stock-batches.api';
import { activeWarehousesQuery } from '../warehouses/warehouses.api';
import {
  BILL_LINE_SERVER_FIELD,
  BILL_SERVER_FIELDS,
  type BillFormOutput,
  type BillFormValues,
  billBody,
  billFormFieldOf,
  billFormSchema,
  billFormValues,
  emptyBillForm,
  emptyBillLine,
  GST_RATE_OPTIONS,
  previewBill,
} from './bill-form.schema';
import {
  BILL_TOASTS,
  type Bill,
  lastRateQuery,
  newBillKey,
  useBillAction,
  useCreateBill,
  useUpdateBill,
} from './bills.api';
import { ChargesAndNotesCard, LinesFooter, RemoveLineButton } from './line-editor-parts';

type FormControl = Control<BillFormValues>;

/** The GST state code of a seller: its GSTIN's first two digits, else its billing address's state. */
export function sellerStateCode(seller: SellerDetail | undefined): string | null {
  if (!seller) return null;
  if (seller.gst_number) return seller.gst_number.slice(0, 2);
  const address = seller.addresses.find((a) => a.address_type === 'billing_address') ?? seller.addresses[0];
  return address?.state.gst_code ?? null;
}

/** The GST state code of our branch: its GSTIN's, else its (first) address's state. */
export function branchStateCode(
  branch: { gstin: string | null; addresses?: { state: { gst_code: string } }[] } | undefined,
): string | null {
  if (!branch) return null;
  if (branch.gstin) return branch.gstin.slice(0, 2);
  return branch.addresses?.[0]?.state.gst_code ?? null;
}

export function SellerField({ control, companyId }: { control: FormControl; companyId: number }) {
  const user = useCurrentUser();
  const { field, fieldState, formState } = useController({ control, name: 'seller' });
  const seller = useQuery({ ...sellerQuery(field.value ?? 0), enabled: field.value !== null });
  const [creating, setCreating] = useState(false);
  const state = sellerStateCode(seller.data);
  const description = seller.data
    ? seller.data.gst_number
      ? `GSTIN: ${seller.data.gst_number}`
      : `Unregistered seller (no GSTIN)${state ? `, state code ${state}` : ''}`
    : undefined;
  return (
    <>
      {creating && (
        <SellerFormDialog
          companyId={companyId}
          seller={null}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            field.onChange(id);
            field.onBlur();
          }}
        />
      )}
      <EntitySelect
        source={sellerSource(companyId)}
        label="Seller"
        placeholder="Search sellers by name"
        value={field.value ?? null}
        onChange={(id) => {
          field.onChange(id);
          field.onBlur();
        }}
        onBlur={field.onBlur}
        description={description}
        required
        error={visibleFieldError(fieldState, formState.isSubmitted)}
        create={
          canPerform(user, 'add_seller')
            ? { label: '+ New Seller', onCreate: () => setCreating(true) }
            : undefined
        }
      />
    </>
  );
}

/** A line's ITC checkbox: whether the input tax of this line may be claimed. */
function ItcField({ control, index }: { control: FormControl; index: number }) {
  const { field } = useController({ control, name: `items.${index}.itc_eligible` });
  return (
    <Checkbox
      mt={{ base: 0, sm: 30 }}
      label={`ITC eligible ${index + 1}`}
      checked={Boolean(field.value)}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
      onBlur={field.onBlur}
    />
  );
}

/**
 * A bill line's GST treatment, chosen when the line is at 0% GST: nil rated, exempt, non-GST, or
 * taxable goods billed without GST (a composition supplier's): GSTR-3B table 5 reports them apart.
 * A line taxed above 0% is taxable, so the choice is not offered there.
 */
function GstTreatmentField({ control, index }: { control: FormControl; index: number }) {
  const rate = useWatch({ control, name: `items.${index}.tax_rate` });
  if (rate === null || rate === '' || Number(rate) !== 0) return null;
  return (
    <SelectField
      control={control}
      name={`items.${index}.gst_treatment`}
      label={`GST Treatment ${index + 1}`}
      placeholder="From the product"
      data={GST_TREATMENT_OPTIONS}
    />
  );
}

/**
 * The product picker of a line; a product picked fills its HSN, its GST rate and, while the rate is
 * blank, the last rate it was bought at from this seller (else from any seller), else its cost.
 */
export function ProductField({
  form,
  index,
  companyId,
}: {
  form: UseFormReturn<BillFormValues>;
  index: number;
  companyId: number;
}) {
  const queryClient = useQueryClient();
  const { field, fieldState, formState } = useController({
    control: form.control,
    name: `items.${index}.product`,
  });
  const pick = async (id: number | null) => {
    field.onChange(id);
    field.onBlur();
    if (id === null) return;
    try {
      const sellerId = form.getValues('seller') ?? null;
      const [product, last] = await Promise.all([
        queryClient.fetchQuery(productQuery(id)),
        queryClient.fetchQuery(lastRateQuery(companyId, sellerId, id)).catch(() => null),
      ]);
      const set = (name: 'hsn_code' | 'tax_rate' | 'rate', value: string | number) =>
        form.setValue(`items.${index}.${name}`, value as never, { shouldDirty: true });
      if (product.hsn) set('hsn_code', product.hsn);
      form.setValue(`items.${index}.gst_treatment`, product.gst_treatment, { shouldDirty: true });
      const rate = product.tax?.rate;
      if (rate !== undefined && (GST_SLABS as readonly number[]).includes(rate))
        set('tax_rate', String(rate));
      const typed = form.getValues(`items.${index}.rate`);
      if (String(typed ?? '').trim() === '') {
        if (last) {
          // The last rate is without GST: a tax-inclusive bill is typed with it.
          const gst = Number(form.getValues(`items.${index}.tax_rate`) ?? 0);
          const inclusive = form.getValues('is_tax_inclusive');
          set('rate', inclusive ? Math.round(last.rate * (100 + gst)) / 100 : last.rate);
        } else if (product.cost_price !== null) set('rate', product.cost_price);
      }
    } catch {
      // The product's defaults only help; the user types them when the product does not load.
    }
  };
  return (
    <EntitySelect
      source={productSource(companyId)}
      label={`Product ${index + 1}`}
      placeholder="Search products by name or SKU"
      value={field.value ?? null}
      onChange={(id) => void pick(id)}
      onBlur={field.onBlur}
      required
      error={visibleFieldError(fieldState, formState.isSubmitted)}
    />
  );
}

/**
 * A line's product, HSN, quantity, rate, discount, GST rate (and, on a bill, ITC) and its amount:
 * the bill form's and the purchase order form's lines.
 */
export function BillLineFields({
  form,
  index,
  companyId,
  amount,
  itc = false,
}: {
  form: UseFormReturn<BillFormValues>;
  index: number;
  companyId: number;
  amount: ReactNode;
  itc?: boolean;
}) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <ProductField form={form} index={index} companyId={companyId} />
        <TextField
          control={form.control}
          name={`items.${index}.hsn_code`}
          label={`HSN ${index + 1}`}
          placeholder="From the product"
          maxLength={8}
        />
      </SimpleGrid>
      <SimpleGrid cols={itc ? { base: 2, sm: 4, lg: 6 } : { base: 2, sm: 3, lg: 5 }} spacing="sm">
        <NumberField
          control={form.control}
          name={`items.${index}.quantity`}
          label={`Quantity ${index + 1}`}
          required
          min={0}
          decimalScale={3}
          allowNegative={false}
        />
        <RateField control={form.control} index={index} companyId={companyId} />
        <NumberField
          control={form.control}
          name={`items.${index}.discount_percent`}
          label={`Discount % ${index + 1}`}
          min={0}
          max={100}
          decimalScale={2}
          allowNegative={false}
        />
        <SelectField
          control={form.control}
          name={`items.${index}.tax_rate`}
          label={`GST Rate ${index + 1}`}
          required
          placeholder="GST %"
          data={GST_RATE_OPTIONS}
        />
        {itc && <ItcField control={form.control} index={index} />}
        {itc && <GstTreatmentField control={form.control} index={index} />}
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Amount
          </Text>
          <Text size="sm" pt={6} aria-label={`Amount ${index + 1}`}>
            {amount}
          </Text>
        </Stack>
      </SimpleGrid>
    </>
  );
}

/**
 * A line's rate, with what the product was last bought at (from this seller, else any) beneath it,
 * or its cost price when it was never billed, as a reminder of what it usually costs.
 */
export function RateField({
  control,
  index,
  companyId,
}: {
  control: FormControl;
  index: number;
  companyId: number;
}) {
  const productId = useWatch({ control, name: `items.${index}.product` });
  const sellerId = useWatch({ control, name: 'seller' }) ?? null;
  const product = useQuery({ ...productQuery(productId ?? 0), enabled: productId != null });
  const last = useQuery({
    ...lastRateQuery(companyId, sellerId, productId ?? 0),
    enabled: productId != null,
  });
  const cost = product.data?.cost_price;
  const hint =
    productId == null
      ? undefined
      : last.data
        ? lastRateSentence(last.data)
        : cost != null
          ? `Cost price ${formatMoney(cost)}`
          : undefined;
  return (
    <NumberField
      control={control}
      name={`items.${index}.rate`}
      label={`Rate ${index + 1}`}
      required
      leftSection="₹"
      min={0}
      decimalScale={2}
      allowNegative={false}
      description={hint}
      // Below the box, so the line's inputs stay level.
      inputWrapperOrder={['label', 'input', 'description', 'error']}
    />
  );
}

export function TotalRow({ label, value, strong }: { label: string; value: ReactNode; strong?: boolean }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" fw={strong ? 600 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 600 : undefined} aria-label={label}>
        {value}
      </Text>
    </Group>
  );
}

export interface BillFormProps {
  companyId: number;
  /** A draft being edited; absent for a new bill. */
  bill?: Bill;
  /** The branches the user works in: one of them is chosen at the start when there is only one. */
  defaultBranch?: string | null;
  /** A new bill's starting values (a bill made from a purchase order) and the order's number. */
  initial?: { values: BillFormValues; orderNumber: string };
  onSaved: (bill: Bill) => void;
  onCancel: () => void;
}

/** New Bill and Edit Bill: who billed us, for which branch and warehouse, the lines, and the live GST split. */
export function BillForm({
  companyId,
  bill,
  defaultBranch = null,
  initial,
  onSaved,
  onCancel,
}: BillFormProps) {
  const [key] = useState(newBillKey);
  const create = useCreateBill(companyId);
  const update = useUpdateBill(bill?.id ?? 0);
  const receive = useBillAction('receive');
  const batches = useBatchConfiguration(companyId);
  // With the company's bills auto receive on, the server receives a new bill as it saves it.
  const company = useQuery({ ...companyQuery(companyId), retry: false });
  const autoReceive = !bill && company.data?.is_bill_auto_received === true;
  const branches = useQuery(allBranchesQuery(companyId));
  const warehouses = useQuery(activeWarehousesQuery(companyId));
  // The resolver hands on BillInput's output; the fields see the typed values (see billBody).
  const form = useForm<BillFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(billFormSchema) as unknown as Resolver<BillFormValues>,
    defaultValues: bill ? billFormValues(bill) : (initial?.values ?? emptyBillForm(defaultBranch)),
  });
  const lines = useFieldArray({ control: form.control, name: 'items' });
  const watched = useWatch({ control: form.control });
  const sellerId = watched.seller ?? null;
  const branchId = watched.branch ? Number(watched.branch) : null;
  const seller = useQuery({ ...sellerQuery(sellerId ?? 0), enabled: sellerId !== null });
  const branch = useQuery({ ...branchQuery(branchId ?? 0), enabled: branchId !== null, retry: false });
  const branchRow = (branches.data?.results ?? []).find((b) => b.id === branchId);
  const sellerState = sellerStateCode(seller.data);
  const ourState = branchStateCode(branch.data ?? branchRow);
  const intraState = sellerState === null || ourState === null ? true : sellerState === ourState;
  const placeKnown = sellerState !== null && ourState !== null;

  // Warehouses of the chosen branch only; a branch with a single warehouse chooses it.
  const branchWarehouses = (warehouses.data?.results ?? []).filter((w) => w.branch.id === branchId);
  const warehouseOptions = branchWarehouses.map((w) => ({ value: String(w.id), label: w.name }));
  const warehouseIds = branchWarehouses.map((w) => String(w.id)).join(',');
  useEffect(() => {
    if (!warehouses.data || branchId === null) return;
    const ids = warehouseIds ? warehouseIds.split(',') : [];
    const current = form.getValues('warehouse');
    if (current && ids.includes(current)) return;
    form.setValue('warehouse', ids.length === 1 ? (ids[0] as string) : null);
  }, [warehouseIds, branchId, warehouses.data, form]);

  // The due date follows the bill date and the seller's payment terms until the user sets it.
  const termDays = seller.data?.payment_term?.days ?? 0;
  const dueFollows = useRef(!bill || bill.due_date === bill.bill_date);
  const billDate = watched.bill_date;
  useEffect(() => {
    if (form.getFieldState('due_date').isTouched) dueFollows.current = false;
    if (dueFollows.current && /^\d{4}-\d{2}-\d{2}$/.test(billDate ?? ''))
      form.setValue('due_date', addDays(billDate as string, termDays));
  }, [billDate, termDays, form]);

  const preview = useMemo(
    () =>
      previewBill(
        {
          items: (watched.items ?? []) as BillFormValues['items'],
          is_reverse_charge: Boolean(watched.is_reverse_charge),
          is_tax_inclusive: Boolean(watched.is_tax_inclusive),
          freight_charges: watched.freight_charges ?? '',
          other_charges: watched.other_charges ?? '',
        },
        { intraState, roundOff: Boolean(branch.data?.round_off_enabled) },
      ),
    [watched, intraState, branch.data?.round_off_enabled],
  );
  const t = preview.totals;
  const rupees = (paise: number) => <Money value={toRupees(paise)} />;
  const reverseCharge = Boolean(watched.is_reverse_charge);
  const linesError = form.formState.errors.items?.root?.message ?? form.formState.errors.items?.message;
  const saving = create.isPending || update.isPending || receive.isPending;
  const [pending, setPending] = useState<'draft' | 'receive' | null>(null);
  const unsaved = useUnsavedChanges(form.formState.isDirty);
  const done = (saved: Bill) => {
    unsaved.allowNavigation();
    onSaved(saved);
  };

  const save = (thenReceive: boolean) =>
    form.handleSubmit(async (output) => {
      setPending(thenReceive ? 'receive' : 'draft');
      try {
        const body = billBody(output as unknown as BillFormOutput);
        const saved = bill ? await update.mutateAsync(body) : await create.mutateAsync({ body, key });
        if (thenReceive && saved.status === 'draft') {
          try {
            done(await receive.mutateAsync(saved.id));
          } catch {
            // The bill is saved as a draft; its page offers Receive again (the toast said why).
            done(saved);
          }
          return;
        }
        if (!bill) notifySuccess(saved.status === 'draft' ? M.created : BILL_TOASTS.saved_received);
        done(saved);
      } catch (error) {
        if (!isApiError(error)) return;
        for (const [serverName, messages] of Object.entries(error.errors)) {
          const name = billFormFieldOf(serverName);
          const known =
            (BILL_SERVER_FIELDS as readonly string[]).includes(name) || BILL_LINE_SERVER_FIELD.test(name);
          if (known && messages[0]) form.setError(name as never, { type: 'server', message: messages[0] });
        }
      } finally {
        setPending(null);
      }
    })();

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        // A dialog's form (New Seller) is rendered in a portal, but React still bubbles its submit here.
        if (event.target !== event.currentTarget) return;
        void save(autoReceive);
      }}
      aria-label={bill ? 'Edit Bill' : 'New Bill'}
    >
      {unsaved.prompt}
      <Stack gap="lg">
        {(initial || bill?.purchase_order) && (
          <Alert
            color="blue"
            title={`From purchase order ${initial?.orderNumber ?? bill?.purchase_order?.order_number}`}
          >
            The lines bill what is left of the order; the order counts them as billed when the bill is saved.
          </Alert>
        )}
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <SellerField control={form.control} companyId={companyId} />
            <TextField
              control={form.control}
              name="bill_number"
              label="Bill Number"
              required
              maxLength={BILL_NUMBER_MAX_LENGTH}
              placeholder="As printed on the seller's bill"
            />
            <SelectField
              control={form.control}
              name="branch"
              label="Branch"
              required
              searchable
              placeholder={branches.isLoading ? 'Loading branches…' : 'Our branch billed'}
              data={(branches.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
              description={
                placeKnown
                  ? intraState
                    ? 'Same state as the seller: CGST + SGST'
                    : 'Another state than the seller: IGST'
                  : undefined
              }
            />
            <SelectField
              control={form.control}
              name="warehouse"
              label="Receiving Warehouse"
              required
              searchable
              placeholder={branchId === null ? 'Choose the branch first' : 'Where the goods come in'}
              disabled={branchId === null}
              data={warehouseOptions}
              nothingFoundMessage="The branch has no active warehouse"
            />
            <DayField
              control={form.control}
              name="bill_date"
              label="Bill Date"
              required
              maxDate={todayInIndia()}
            />
            <DayField
              control={form.control}
              name="due_date"
              label="Due Date"
              minDate={watched.bill_date || undefined}
              description="The bill date unless the seller gave credit"
            />
            <SwitchField
              control={form.control}
              name="is_reverse_charge"
              label="Reverse charge"
              description="We pay the GST to the government, not to the seller"
            />
            <SwitchField
              control={form.control}
              name="is_tax_inclusive"
              label="Rates include GST"
              description="The rates typed below already include GST"
            />
          </SimpleGrid>
        </Card>

        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={4}>Items</Title>
            {lines.fields.map((row, index) => {
              const line = preview.lines[index];
              return (
                <Card key={row.id} withBorder padding="sm" radius="sm" aria-label={`Line ${index + 1}`}>
                  <Stack gap="xs">
                    <BillLineFields
                      form={form}
                      index={index}
                      companyId={companyId}
                      amount={line ? rupees(line.totalPaise) : '—'}
                      itc
                    />
                    {batches.enabled && (
                      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                        <TextField
                          control={form.control}
                          name={`items.${index}.batch_number`}
                          label={`Batch Number ${index + 1}`}
                          placeholder={batches.mandatory ? 'Batch number' : 'Optional'}
                          required={batches.mandatory}
                          maxLength={50}
                        />
                        <DayField
                          control={form.control}
                          name={`items.${index}.expiry_date`}
                          label={`Expiry Date ${index + 1}`}
                          clearable
                        />
                      </SimpleGrid>
                    )}
                    <LineSerialNumbersField
                      control={form.control}
                      productName={`items.${index}.product`}
                      quantityName={`items.${index}.quantity`}
                      textName={`items.${index}.serial_numbers_text`}
                    />
                    <RemoveLineButton
                      index={index}
                      only={lines.fields.length === 1}
                      onRemove={() => lines.remove(index)}
                    />
                  </Stack>
                </Card>
              );
            })}
            <LinesFooter error={linesError} onAdd={() => lines.append(emptyBillLine())} />
          </Stack>
        </Card>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ChargesAndNotesCard control={form.control} hint={M.charges_untaxed} />
          <Card withBorder padding="md" aria-label="Bill totals">
            <Stack gap={6}>
              <Title order={4}>Totals</Title>
              <TotalRow label="Taxable Value" value={rupees(t.taxablePaise)} />
              {intraState ? (
                <>
                  <TotalRow label="CGST" value={rupees(t.cgstPaise)} />
                  <TotalRow label="SGST" value={rupees(t.sgstPaise)} />
                </>
              ) : (
                <TotalRow label="IGST" value={rupees(t.igstPaise)} />
              )}
              {t.chargesPaise > 0 && <TotalRow label="Charges" value={rupees(t.chargesPaise)} />}
              {t.roundOffPaise !== 0 && <TotalRow label="Round Off" value={rupees(t.roundOffPaise)} />}
              <TotalRow label="Total" value={rupees(t.totalPaise)} strong />
              <TotalRow label="ITC Eligible" value={rupees(t.itcPaise)} />
              {reverseCharge && (
                <>
                  <TotalRow
                    label="Tax payable by us (reverse charge)"
                    value={rupees(t.reverseChargeTaxPaise)}
                  />
                  <Text size="xs" c="dimmed">
                    On reverse charge the GST is not paid to the seller: it stays out of the total.
                  </Text>
                </>
              )}
              {!placeKnown && (
                <Text size="xs" c="dimmed">
                  Choose the seller and the branch to know whether CGST + SGST or IGST applies.
                </Text>
              )}
            </Stack>
          </Card>
        </SimpleGrid>

        {autoReceive && (
          <Text size="sm" c="dimmed" ta="right">
            Bills auto receive is on: the goods come into stock as soon as the bill is saved.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          {!autoReceive && (
            <Button
              type="submit"
              variant="default"
              loading={pending === 'draft'}
              disabled={saving && pending !== 'draft'}
            >
              {bill ? 'Save' : 'Save as Draft'}
            </Button>
          )}
          <Button
            loading={pending === 'receive'}
            disabled={saving && pending !== 'receive'}
            onClick={() => void save(true)}
          >
            Save and Receive
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
