import type { InstoreOrderBody } from '@b2b/domain/api/instore-orders';
import { INSTORE_MESSAGES, type TenderKind } from '@b2b/domain/instore-orders';
import { formatMoney, formatQuantity } from '@b2b/domain/money';
import { DEFAULT_RECEIPT_WIDTH } from '@b2b/domain/stores';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Grid,
  Group,
  Kbd,
  Modal,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPrinter, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorDetail, isApiError } from '../../api/api-error';
import { EntitySelect } from '../../components/entity-select';
import { LoadErrorAlert } from '../../components/load-error-alert';
import { notifyWarning } from '../../components/notify';
import { ReadOnlyNotice } from '../../components/read-only-notice';
import { useCurrentUser } from '../../session/current-user';
import { canPerform } from '../../session/has-permission';
import { buyerSource } from '../quotations/quotation-party-fields';
import {
  addToCart,
  type CartLine,
  cannotAdd,
  cartTotals,
  EMPTY_TENDERS,
  lineProblem,
  removeLine,
  type TenderFields,
  tenderSummary,
  updateLine,
} from './counter-cart';
import {
  type CounterContext,
  type CounterProduct,
  counterOffersQuery,
  counterQuery,
  type InstoreSale,
  newSaleKey,
  useCompleteSale,
} from './instore-orders.api';
import { ProductScanField } from './product-scan-field';
import { PrintedReceipt, SaleReceipt } from './sale-receipt';

const rupees = (paise: number) => formatMoney(paise / 100);
const warehouseStorageKey = (companyId: number) => `instore-warehouse:${companyId}`;
const storeStorageKey = (companyId: number) => `instore-store:${companyId}`;

/** The remembered store when it is still one the counter offers, else the first (none: no stores). */
function initialStore(companyId: number, counter: CounterContext | undefined): number | null {
  if (!counter || counter.stores.length === 0) return null;
  const stored = Number(globalThis.localStorage?.getItem(storeStorageKey(companyId)));
  return counter.stores.some((s) => s.id === stored) ? stored : counter.stores[0].id;
}
const PHONE = /^[1-9]\d{9}$/;

/** The remembered warehouse when it is still one of the counter's, else the first. */
function initialWarehouse(companyId: number, counter: CounterContext | undefined): number | null {
  if (!counter || counter.warehouses.length === 0) return null;
  const stored = Number(globalThis.localStorage?.getItem(warehouseStorageKey(companyId)));
  return counter.warehouses.some((w) => w.id === stored) ? stored : counter.warehouses[0].id;
}

/** The first active method of each kind (the company's order): the tender field's method. */
function methodsByKind(counter: CounterContext | undefined) {
  const byKind = new Map<TenderKind, { id: number; name: string }>();
  for (const method of counter?.payment_methods ?? []) {
    if (!byKind.has(method.kind)) byKind.set(method.kind, { id: method.id, name: method.name });
  }
  return byKind;
}

const SHORTCUTS: { keys: string[]; what: string }[] = [
  { keys: ['F2'], what: 'scan' },
  { keys: ['↑', '↓', 'Enter'], what: 'pick a match' },
  { keys: ['Del'], what: 'remove line' },
  { keys: ['F4'], what: 'cash received' },
  { keys: ['Ctrl+Enter', 'F9'], what: 'complete sale' },
  { keys: ['Enter'], what: 'new sale (on the receipt)' },
];

/**
 * /instore-order: the point-of-sale counter. Built for a barcode scanner and the keyboard: the
 * scan field has the focus, Enter adds, quantities and discounts are a Tab away, Ctrl+Enter or F9
 * completes the sale (order, invoice and payments in one call), and Enter on the receipt starts
 * the next sale.
 */
export function InstoreOrderPage() {
  const user = useCurrentUser();
  const companyId = user.company.id;
  const canSell = canPerform(user, 'add_instore_order');
  const canPickBuyer = canPerform(user, 'view_buyer');
  const counter = useQuery(counterQuery(companyId));
  const methods = useMemo(() => methodsByKind(counter.data), [counter.data]);

  // A company with stores sells from a store (its warehouse, branch and receipt width); one
  // without sells from a warehouse.
  const [chosenStore, setStoreId] = useState<number | null>(null);
  const storeId = chosenStore ?? initialStore(companyId, counter.data);
  const store = counter.data?.stores.find((s) => s.id === storeId);
  const [chosenWarehouse, setWarehouseId] = useState<number | null>(null);
  const warehouseId = store
    ? store.warehouse_id
    : (chosenWarehouse ?? initialWarehouse(companyId, counter.data));
  const warehouse = counter.data?.warehouses.find((w) => w.id === warehouseId);

  const [lines, setLines] = useState<CartLine[]>([]);
  const [buyerMode, setBuyerMode] = useState<'walk_in' | 'buyer'>('walk_in');
  const [walkIn, setWalkIn] = useState({ name: '', phone: '' });
  const [buyerId, setBuyerId] = useState<number | null>(null);
  const [tenders, setTenders] = useState<TenderFields>(EMPTY_TENDERS);
  const [saleKey, setSaleKey] = useState(newSaleKey);
  const [sale, setSale] = useState<InstoreSale | null>(null);
  const complete = useCompleteSale(companyId);

  const scanRef = useRef<HTMLInputElement>(null);
  const cashRef = useRef<HTMLInputElement>(null);
  const focusScan = useCallback(() => scanRef.current?.focus(), []);
  useEffect(() => {
    if (counter.data) focusScan();
  }, [counter.data, focusScan]);

  const [couponText, setCouponText] = useState('');
  const [coupon, setCoupon] = useState<string | null>(null);
  const sellable = lines.length > 0 && lines.every((line) => lineProblem(line) === null);
  const offersBody = {
    ...(store ? { store: store.id } : {}),
    ...(buyerMode === 'buyer' && buyerId !== null ? { buyer: buyerId } : {}),
    items: lines.map((line) => ({
      product: line.product.id,
      quantity: Number(line.quantity.trim()),
      ...(line.discount.trim() ? { discount: Number(line.discount.trim()) } : {}),
    })),
    ...(coupon ? { coupon_code: coupon } : {}),
  };
  const offers = useQuery({ ...counterOffersQuery(companyId, offersBody), enabled: canSell && sellable });
  const offersNow = offers.isPlaceholderData || !sellable ? null : (offers.data ?? null);
  const couponProblem = coupon && offers.isError ? errorDetail(offers.error) : null;
  const totals = useMemo(
    () => cartTotals(lines, warehouse?.branch.round_off_enabled ?? false, offersNow),
    [lines, warehouse?.branch.round_off_enabled, offersNow],
  );
  const summary = tenderSummary(totals.totalPaise, tenders);
  const walkInPhoneProblem =
    buyerMode === 'walk_in' && walkIn.phone.trim() !== '' && !PHONE.test(walkIn.phone.trim())
      ? 'Please enter a valid 10-digit mobile number.'
      : null;

  /** Why Complete Sale cannot go now; null when it can. */
  const blocker = (() => {
    if (!canSell) return INSTORE_MESSAGES.forbidden_sell;
    if (warehouseId === null) return store ? 'Choose a store.' : 'Choose a warehouse.';
    if (store && !warehouse) return 'The store’s warehouse is inactive; choose another store.';
    if (lines.length === 0) return INSTORE_MESSAGES.items_required;
    if (couponProblem) return couponProblem;
    if (sellable && offers.isFetching) return 'Working out the offers…';
    const bad = lines.findIndex((line) => lineProblem(line) !== null);
    if (bad >= 0) return `Line ${bad + 1}: ${lineProblem(lines[bad])?.message}`;
    if (buyerMode === 'buyer' && buyerId === null) return 'Choose a buyer, or sell to a walk-in customer.';
    if (walkInPhoneProblem) return walkInPhoneProblem;
    if (summary.tenders.length === 0) return INSTORE_MESSAGES.tenders_required;
    return summary.problem;
  })();

  const add = (product: CounterProduct) => {
    const refusal = cannotAdd(lines, product);
    if (refusal) notifyWarning(refusal);
    else setLines((current) => addToCart(current, product));
  };

  const body = (): InstoreOrderBody => {
    const methodOf = (kind: TenderKind) => methods.get(kind)?.id ?? 0;
    const reference = (kind: TenderKind) =>
      kind === 'card' ? tenders.cardReference.trim() : kind === 'upi' ? tenders.upiReference.trim() : '';
    return {
      ...(store ? { store: store.id } : { warehouse: warehouseId ?? 0 }),
      ...(buyerMode === 'buyer' && buyerId !== null
        ? { buyer: buyerId }
        : {
            walk_in: {
              ...(walkIn.name.trim() ? { name: walkIn.name.trim() } : {}),
              ...(walkIn.phone.trim() ? { phone: walkIn.phone.trim() } : {}),
            },
          }),
      items: offersBody.items,
      ...(coupon ? { coupon_code: coupon } : {}),
      tenders: summary.tenders.map((tender) => ({
        payment_method: methodOf(tender.kind),
        amount: tender.amountPaise / 100,
        ...(reference(tender.kind) ? { reference_number: reference(tender.kind) } : {}),
      })),
    };
  };

  const completeSale = () => {
    if (complete.isPending || sale) return;
    if (blocker) {
      notifyWarning(blocker);
      return;
    }
    complete.mutate(
      { body: body(), key: saleKey },
      {
        onSuccess: (done) => setSale(done),
        onError: (error) => {
          // A refusal is this body's answer under this key: the corrected sale needs a new key.
          if (isApiError(error) && error.status >= 400 && error.status < 500) setSaleKey(newSaleKey());
        },
      },
    );
  };
  const completeRef = useRef(completeSale);
  completeRef.current = completeSale;

  const newSale = () => {
    setSale(null);
    setLines([]);
    setTenders(EMPTY_TENDERS);
    setWalkIn({ name: '', phone: '' });
    setCoupon(null);
    setCouponText('');
    setBuyerId(null);
    setBuyerMode('walk_in');
    setSaleKey(newSaleKey());
    complete.reset();
    setTimeout(focusScan, 0);
  };

  const newSaleRef = useRef<(() => void) | null>(null);
  newSaleRef.current = sale ? newSale : null;

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const startNext = newSaleRef.current;
      if (startNext) {
        // On the receipt, Enter starts the next sale wherever the focus is (but on Print).
        const onPrint = event.target instanceof HTMLElement && event.target.dataset.print !== undefined;
        if (event.key === 'Enter' && !onPrint) {
          event.preventDefault();
          startNext();
        }
        return;
      }
      if (event.key === 'F9' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey))) {
        event.preventDefault();
        completeRef.current();
      } else if (event.key === 'F2') {
        event.preventDefault();
        scanRef.current?.focus();
      } else if (event.key === 'F4') {
        event.preventDefault();
        cashRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const lineKeys = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Delete') {
      event.preventDefault();
      setLines((current) => removeLine(current, index));
      focusScan();
    } else if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      focusScan();
    }
  };

  if (counter.isPending) return <Skeleton h={400} />;
  if (counter.isError) return <LoadErrorAlert error={counter.error} onRetry={() => void counter.refetch()} />;
  const context = counter.data;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Instore Order</Title>
        <Group gap="xs" aria-label="Keyboard shortcuts">
          {SHORTCUTS.map(({ keys, what }) => (
            <Text key={what} size="xs" c="dimmed">
              {keys.map((key) => (
                <Kbd key={key} size="xs" mr={4}>
                  {key}
                </Kbd>
              ))}
              {what}
            </Text>
          ))}
        </Group>
      </Group>
      {!canSell ? <ReadOnlyNotice thing="counter sales" /> : null}
      {context.warehouses.length === 0 ? (
        <Alert color="yellow">There is no active warehouse to sell from. Add one under Warehouses.</Alert>
      ) : null}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="md">
            <Card withBorder>
              <Grid align="flex-end">
                <Grid.Col span={{ base: 12, sm: 8 }}>
                  <ProductScanField
                    companyId={companyId}
                    warehouseId={warehouseId}
                    onAdd={add}
                    inputRef={scanRef}
                  />
                </Grid.Col>
                <Grid.Col span={{ base: 12, sm: 4 }}>
                  {context.stores.length > 0 ? (
                    <Select
                      label="Store"
                      size="md"
                      data={context.stores.map((s) => ({
                        value: String(s.id),
                        label: `${s.name} · ${context.warehouses.find((w) => w.id === s.warehouse_id)?.branch.name ?? ''}`,
                      }))}
                      value={storeId === null ? null : String(storeId)}
                      allowDeselect={false}
                      disabled={lines.length > 0}
                      description={lines.length > 0 ? 'Empty the cart to change it.' : undefined}
                      onChange={(value) => {
                        if (value === null) return;
                        setStoreId(Number(value));
                        globalThis.localStorage?.setItem(storeStorageKey(companyId), value);
                      }}
                    />
                  ) : (
                    <Select
                      label="Warehouse"
                      size="md"
                      data={context.warehouses.map((w) => ({
                        value: String(w.id),
                        label: `${w.name} · ${w.branch.name}`,
                      }))}
                      value={warehouseId === null ? null : String(warehouseId)}
                      allowDeselect={false}
                      disabled={lines.length > 0}
                      description={lines.length > 0 ? 'Empty the cart to change it.' : undefined}
                      onChange={(value) => {
                        if (value === null) return;
                        setWarehouseId(Number(value));
                        globalThis.localStorage?.setItem(warehouseStorageKey(companyId), value);
                      }}
                    />
                  )}
                </Grid.Col>
              </Grid>
            </Card>

            <Card withBorder p={0}>
              <Table striped verticalSpacing="xs" aria-label="Cart">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={32}>#</Table.Th>
                    <Table.Th>Product</Table.Th>
                    <Table.Th ta="right">Rate</Table.Th>
                    <Table.Th w={110}>Qty</Table.Th>
                    <Table.Th w={100}>Disc. %</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th w={40} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.length === 0 ? (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Text c="dimmed" ta="center" py="lg">
                          Scan a barcode or search a product to start the sale.
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    lines.map((line, index) => {
                      const problem = lineProblem(line);
                      const quantity = Number(line.quantity);
                      const short =
                        !line.product.allow_back_ordering &&
                        problem === null &&
                        quantity > line.product.sellable_stock;
                      const amount = totals.lineAmountsPaise[index];
                      return (
                        <Table.Tr key={line.product.id}>
                          <Table.Td>{index + 1}</Table.Td>
                          <Table.Td>
                            <Text size="sm" fw={500}>
                              {line.product.name}
                            </Text>
                            <Text size="xs" c={short ? 'red' : 'dimmed'}>
                              {[line.product.sku, `GST ${line.product.gst_rate}%`]
                                .filter(Boolean)
                                .join(' · ')}
                              {short ? ` · only ${formatQuantity(line.product.sellable_stock)} in stock` : ''}
                            </Text>
                          </Table.Td>
                          <Table.Td ta="right">{formatMoney(line.product.price)}</Table.Td>
                          <Table.Td>
                            <TextInput
                              aria-label="Quantity"
                              size="xs"
                              inputMode="decimal"
                              value={line.quantity}
                              error={problem?.field === 'quantity' ? problem.message : undefined}
                              onChange={(event) => {
                                const quantityText = event.currentTarget.value;
                                setLines((current) => updateLine(current, index, { quantity: quantityText }));
                              }}
                              onFocus={(event) => event.currentTarget.select()}
                              onKeyDown={lineKeys(index)}
                            />
                          </Table.Td>
                          <Table.Td>
                            <TextInput
                              aria-label="Discount %"
                              size="xs"
                              inputMode="decimal"
                              placeholder="0"
                              value={line.discount}
                              error={problem?.field === 'discount' ? problem.message : undefined}
                              onChange={(event) => {
                                const discount = event.currentTarget.value;
                                setLines((current) => updateLine(current, index, { discount }));
                              }}
                              onFocus={(event) => event.currentTarget.select()}
                              onKeyDown={lineKeys(index)}
                            />
                          </Table.Td>
                          <Table.Td ta="right">{amount === null ? '—' : rupees(amount)}</Table.Td>
                          <Table.Td>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              tabIndex={-1}
                              aria-label={`Remove ${line.product.name}`}
                              onClick={() => {
                                setLines((current) => removeLine(current, index));
                                focusScan();
                              }}
                            >
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Table.Td>
                        </Table.Tr>
                      );
                    })
                  )}
                </Table.Tbody>
              </Table>
            </Card>

            <Card withBorder>
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={600}>Customer</Text>
                  {canPickBuyer ? (
                    <SegmentedControl
                      size="xs"
                      value={buyerMode}
                      onChange={(value) => setBuyerMode(value as 'walk_in' | 'buyer')}
                      data={[
                        { value: 'walk_in', label: 'Walk-in' },
                        { value: 'buyer', label: 'Existing buyer' },
                      ]}
                    />
                  ) : null}
                </Group>
                {buyerMode === 'walk_in' ? (
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Customer name"
                      placeholder={INSTORE_MESSAGES.walk_in_name}
                      value={walkIn.name}
                      maxLength={100}
                      onChange={(event) => {
                        const name = event.currentTarget.value;
                        setWalkIn((current) => ({ ...current, name }));
                      }}
                    />
                    <TextInput
                      label="Customer phone"
                      description="Finds a returning customer"
                      inputMode="numeric"
                      value={walkIn.phone}
                      maxLength={10}
                      error={walkInPhoneProblem}
                      onChange={(event) => {
                        const phone = event.currentTarget.value;
                        setWalkIn((current) => ({ ...current, phone }));
                      }}
                    />
                  </SimpleGrid>
                ) : (
                  <EntitySelect
                    source={buyerSource(companyId)}
                    label="Buyer"
                    value={buyerId}
                    onChange={setBuyerId}
                  />
                )}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="md">
            <Card withBorder aria-label="Totals">
              <Stack gap={4}>
                <SummaryRow label="Items" value={String(lines.length)} />
                <SummaryRow label="Subtotal" value={rupees(totals.pricing?.totals.subtotalPaise ?? 0)} />
                <SummaryRow label="Discount" value={rupees(totals.pricing?.totals.lineDiscountPaise ?? 0)} />
                {(offersNow?.offers ?? []).map((offer) => (
                  <SummaryRow
                    key={offer.id}
                    label={`Offer: ${offer.title}`}
                    value={
                      offer.reward_type === 'cashpoints'
                        ? `+${formatMoney(offer.cashpoints)} cashpoints`
                        : `−${formatMoney(offer.discount)}`
                    }
                  />
                ))}
                <SummaryRow label="Taxable value" value={rupees(totals.pricing?.totals.taxablePaise ?? 0)} />
                <SummaryRow label="CGST" value={rupees(totals.pricing?.totals.cgstPaise ?? 0)} />
                <SummaryRow label="SGST" value={rupees(totals.pricing?.totals.sgstPaise ?? 0)} />
                {(totals.pricing?.totals.cessPaise ?? 0) > 0 ? (
                  <SummaryRow label="Cess" value={rupees(totals.pricing?.totals.cessPaise ?? 0)} />
                ) : null}
                {(totals.pricing?.totals.roundOffPaise ?? 0) !== 0 ? (
                  <SummaryRow label="Round off" value={rupees(totals.pricing?.totals.roundOffPaise ?? 0)} />
                ) : null}
                <Group justify="space-between" mt="xs">
                  <Text fw={700} size="lg">
                    Total
                  </Text>
                  <Text fw={700} size="xl" data-testid="sale-total">
                    {rupees(totals.totalPaise)}
                  </Text>
                </Group>
              </Stack>
            </Card>

            <Card withBorder aria-label="Coupon">
              <Group align="flex-end" gap="xs" wrap="nowrap">
                <TextInput
                  label="Coupon Code"
                  placeholder="Enter a coupon code"
                  value={coupon ?? couponText}
                  readOnly={coupon !== null}
                  error={couponProblem}
                  maxLength={40}
                  style={{ flex: 1 }}
                  onChange={(event) => setCouponText(event.currentTarget.value.toUpperCase())}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' && couponText.trim() !== '') {
                      event.preventDefault();
                      setCoupon(couponText.trim());
                    }
                  }}
                />
                {coupon === null ? (
                  <Button
                    variant="default"
                    disabled={couponText.trim() === ''}
                    onClick={() => setCoupon(couponText.trim())}
                  >
                    Apply
                  </Button>
                ) : (
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => {
                      setCoupon(null);
                      setCouponText('');
                    }}
                  >
                    Remove
                  </Button>
                )}
              </Group>
            </Card>

            <Card withBorder>
              <Stack gap="xs">
                <Text fw={600}>Payment</Text>
                <TextInput
                  ref={cashRef}
                  label="Cash"
                  inputMode="decimal"
                  value={summary.cashText}
                  disabled={!methods.has('cash')}
                  onFocus={(event) => event.currentTarget.select()}
                  onChange={(event) => {
                    const cash = event.currentTarget.value;
                    setTenders((current) => ({ ...current, cash }));
                  }}
                />
                <Group grow align="flex-start">
                  <TextInput
                    label="Card"
                    inputMode="decimal"
                    placeholder="0.00"
                    value={tenders.card}
                    disabled={!methods.has('card')}
                    onFocus={(event) => event.currentTarget.select()}
                    onChange={(event) => {
                      const card = event.currentTarget.value;
                      setTenders((current) => ({ ...current, card }));
                    }}
                  />
                  <TextInput
                    label="Auth code"
                    value={tenders.cardReference}
                    maxLength={100}
                    disabled={!methods.has('card')}
                    onChange={(event) => {
                      const cardReference = event.currentTarget.value;
                      setTenders((current) => ({ ...current, cardReference }));
                    }}
                  />
                </Group>
                <Group grow align="flex-start">
                  <TextInput
                    label="UPI"
                    inputMode="decimal"
                    placeholder="0.00"
                    value={tenders.upi}
                    disabled={!methods.has('upi')}
                    onFocus={(event) => event.currentTarget.select()}
                    onChange={(event) => {
                      const upi = event.currentTarget.value;
                      setTenders((current) => ({ ...current, upi }));
                    }}
                  />
                  <TextInput
                    label="UTR"
                    value={tenders.upiReference}
                    maxLength={100}
                    disabled={!methods.has('upi')}
                    onChange={(event) => {
                      const upiReference = event.currentTarget.value;
                      setTenders((current) => ({ ...current, upiReference }));
                    }}
                  />
                </Group>
                <SummaryRow label="Left to pay" value={rupees(summary.leftPaise)} />
                <Group justify="space-between">
                  <Text fw={700}>Change due</Text>
                  <Text fw={700} data-testid="change-due">
                    {rupees(summary.changeDuePaise)}
                  </Text>
                </Group>
                {lines.length > 0 && blocker ? (
                  <Text size="sm" c="red" role="status">
                    {blocker}
                  </Text>
                ) : null}
                <Button
                  size="lg"
                  onClick={completeSale}
                  loading={complete.isPending}
                  disabled={!canSell || lines.length === 0}
                >
                  Complete Sale
                </Button>
                <Text size="xs" c="dimmed" ta="center">
                  <Kbd size="xs">Ctrl</Kbd>+<Kbd size="xs">Enter</Kbd> or <Kbd size="xs">F9</Kbd>
                </Text>
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <Modal
        opened={sale !== null}
        onClose={newSale}
        title={INSTORE_MESSAGES.sale_completed}
        size="md"
        closeOnClickOutside={false}
      >
        {sale ? (
          <Stack>
            <Group justify="space-between">
              <Text>Change due</Text>
              <Text fw={700} size="xl">
                {formatMoney(sale.change_due)}
              </Text>
            </Group>
            <SaleReceipt sale={sale} company={context.company} warehouse={warehouse} />
            <PrintedReceipt
              sale={sale}
              company={context.company}
              warehouse={warehouse}
              widthMm={sale.store?.receipt_width_mm ?? DEFAULT_RECEIPT_WIDTH}
            />
            <Group justify="flex-end">
              <Button
                variant="default"
                data-print
                leftSection={<IconPrinter size={16} />}
                onClick={() => window.print()}
              >
                Print
              </Button>
              <Button onClick={newSale} data-autofocus>
                New Sale
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Stack>
  );
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </Group>
  );
}
