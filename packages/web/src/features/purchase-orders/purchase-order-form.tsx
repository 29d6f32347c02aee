import { toRupees } from '@b2b/domain/money';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type Resolver, type UseFormReturn, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { isApiError } from '../../api/api-error';
import { DayField } from '../../components/day-field';
import { Money } from '../../components/money';
import { SelectField } from '../../components/select-field';
import { SwitchField } from '../../components/switch-field';
import { TextField } from '../../components/text-field';
import { useUnsavedChanges } from '../../components/use-unsaved-changes';
import { BillLineFields, branchStateCode, SellerField, sellerStateCode, TotalRow } from '../bills/bill-form';
import { type BillFormValues, previewBill } from '../bills/bill-form.schema';
import { ChargesAndNotesCard, LinesFooter, RemoveLineButton } from '../bills/line-editor-parts';
import { allBranchesQuery, branchQuery } from '../branches/branches.api';
import { sellerQuery } from '../sellers/sellers.api';
import { activeWarehousesQuery } from '../warehouses/warehouses.api';
import {
  emptyPurchaseOrderForm,
  emptyPurchaseOrderLine,
  PURCHASE_ORDER_LINE_SERVER_FIELD,
  PURCHASE_ORDER_SERVER_FIELDS,
  type PurchaseOrderFormOutput,
  type PurchaseOrderFormValues,
  purchaseOrderBody,
  purchaseOrderFormSchema,
  purchaseOrderFormValues,
} from './purchase-order-form.schema';
import {
  newPurchaseOrderKey,
  type PurchaseOrder,
  useCreatePurchaseOrder,
  useUpdatePurchaseOrder,
} from './purchase-orders.api';

export interface PurchaseOrderFormProps {
  companyId: number;
  /** A draft being edited; absent for a new order. */
  order?: PurchaseOrder;
  defaultBranch?: string | null;
  /** Lines a link prefilled (a new order only). */
  initialItems?: PurchaseOrderFormValues['items'];
  onSaved: (order: PurchaseOrder) => void;
  onCancel: () => void;
}

/**
 * New Purchase Order and Edit Purchase Order: the seller, our branch and the warehouse the goods are
 * to come to, the lines and the live GST split. The seller, product and rate pickers are the bill
 * form's (a product picked shows and starts from its last purchase rate).
 */
export function PurchaseOrderForm({
  companyId,
  order,
  defaultBranch = null,
  initialItems,
  onSaved,
  onCancel,
}: PurchaseOrderFormProps) {
  const [key] = useState(newPurchaseOrderKey);
  const create = useCreatePurchaseOrder(companyId);
  const update = useUpdatePurchaseOrder(order?.id ?? 0);
  const branches = useQuery(allBranchesQuery(companyId));
  const warehouses = useQuery(activeWarehousesQuery(companyId));
  const form = useForm<PurchaseOrderFormValues>({
    mode: 'onTouched',
    resolver: zodResolver(purchaseOrderFormSchema) as unknown as Resolver<PurchaseOrderFormValues>,
    defaultValues: order
      ? purchaseOrderFormValues(order)
      : {
          ...emptyPurchaseOrderForm(defaultBranch),
          ...(initialItems && initialItems.length > 0 ? { items: initialItems } : {}),
        },
  });
  // The bill form's pickers read and write fields of the same names (seller, items.N.product, rate...).
  const asBillForm = form as unknown as UseFormReturn<BillFormValues>;
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

  const branchWarehouses = (warehouses.data?.results ?? []).filter((w) => w.branch.id === branchId);
  const warehouseIds = branchWarehouses.map((w) => String(w.id)).join(',');
  useEffect(() => {
    if (!warehouses.data || branchId === null) return;
    const ids = warehouseIds ? warehouseIds.split(',') : [];
    const current = form.getValues('warehouse');
    if (current && ids.includes(current)) return;
    form.setValue('warehouse', ids.length === 1 ? (ids[0] as string) : null);
  }, [warehouseIds, branchId, warehouses.data, form]);

  const preview = useMemo(
    () =>
      previewBill(
        {
          items: (watched.items ?? []).map((item) => ({
            product: item.product ?? null,
            quantity: item.quantity ?? '',
            rate: item.rate ?? '',
            discount_percent: item.discount_percent ?? '',
            tax_rate: item.tax_rate ?? null,
            hsn_code: item.hsn_code ?? '',
            itc_eligible: true,
            batch_number: '',
            expiry_date: '',
          })),
          is_reverse_charge: false,
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
  const linesError = form.formState.errors.items?.root?.message ?? form.formState.errors.items?.message;
  const saving = create.isPending || update.isPending;
  const unsaved = useUnsavedChanges(form.formState.isDirty);

  const save = form.handleSubmit(async (output) => {
    try {
      const body = purchaseOrderBody(output as unknown as PurchaseOrderFormOutput);
      const saved = order ? await update.mutateAsync(body) : await create.mutateAsync({ body, key });
      unsaved.allowNavigation();
      onSaved(saved);
    } catch (error) {
      if (!isApiError(error)) return;
      for (const [name, messages] of Object.entries(error.errors)) {
        const known =
          (PURCHASE_ORDER_SERVER_FIELDS as readonly string[]).includes(name) ||
          PURCHASE_ORDER_LINE_SERVER_FIELD.test(name);
        if (known && messages[0]) form.setError(name as never, { type: 'server', message: messages[0] });
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (event.target !== event.currentTarget) return;
        void save();
      }}
      aria-label={order ? 'Edit Purchase Order' : 'New Purchase Order'}
    >
      {unsaved.prompt}
      <Stack gap="lg">
        <Card withBorder padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
            <SellerField control={asBillForm.control} companyId={companyId} />
            <SelectField
              control={form.control}
              name="branch"
              label="Branch"
              required
              searchable
              placeholder={branches.isLoading ? 'Loading branches…' : 'Our branch ordering'}
              data={(branches.data?.results ?? []).map((b) => ({ value: String(b.id), label: b.name }))}
            />
            <SelectField
              control={form.control}
              name="warehouse"
              label="Deliver To Warehouse"
              required
              searchable
              placeholder={branchId === null ? 'Choose the branch first' : 'Where the goods are to come'}
              disabled={branchId === null}
              data={branchWarehouses.map((w) => ({ value: String(w.id), label: w.name }))}
              nothingFoundMessage="The branch has no active warehouse"
            />
            <DayField control={form.control} name="order_date" label="Order Date" required />
            <DayField
              control={form.control}
              name="expected_date"
              label="Expected Delivery"
              minDate={watched.order_date || undefined}
              clearable
            />
            <TextField
              control={form.control}
              name="reference"
              label="Reference"
              maxLength={50}
              placeholder="The seller's quotation number"
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
                      form={asBillForm}
                      index={index}
                      companyId={companyId}
                      amount={line ? rupees(line.totalPaise) : '—'}
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
            <LinesFooter error={linesError} onAdd={() => lines.append(emptyPurchaseOrderLine())} />
          </Stack>
        </Card>

        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <ChargesAndNotesCard control={form.control} />
          <Card withBorder padding="md" aria-label="Purchase order totals">
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
            </Stack>
          </Card>
        </SimpleGrid>

        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {order ? 'Save' : 'Save as Draft'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
