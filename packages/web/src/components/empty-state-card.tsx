import { Button, Card, EmptyState } from '@mantine/core';
import { IconBoxOff, IconPlus } from '@tabler/icons-react';

export const EMPTY_TITLE = "Oops it's empty here";

/**
 * The empty card's sentence of each list, in one place. Spec 000 section 2 gives the wording for
 * /categories and /products; issue 18: every other list names its own area the same way instead
 * of the spec's 'Product' (an empty Buyers list asking for a Product misleads).
 */
export const EMPTY_STATE_TEXT = {
  products: 'Add a Product and boost your business',
  categories: 'Add a Category and boost your business',
  brands: 'Add a Brand and boost your business',
  'grouped-products': 'Add a Grouped Product and boost your business',
  'product-collections': 'Add a Product Collection and boost your business',
  'product-groups': 'Add a Product Group and boost your business',
  'variant-groups': 'Add a Variant Group and boost your business',
  buyers: 'Add a Buyer and boost your business',
  leads: 'Add a Lead and boost your business',
  'buyer-groups': 'Add a Buyer Group and boost your business',
  contacts: 'Add a Contact and boost your business',
  'contact-lists': 'Create a Contact List and boost your business',
  'short-links': 'Create a Short Link and boost your business',
  sellers: 'Add a Seller and boost your business',
  warehouses: 'Add a Warehouse and boost your business',
  branches: 'Add a Branch and boost your business',
  'sales-orders': 'Create a Sales Order and boost your business',
  quotations: 'Create a Quotation and boost your business',
  invoices: 'Create an Invoice and boost your business',
  shipments: 'Create a Shipment and boost your business',
  'delivery-challans': 'Create a Delivery Challan and boost your business',
  'payments-received': 'Record a Payment and boost your business',
  refunds: 'Record a Refund and boost your business',
  'sales-returns': 'Add a Sales Return and boost your business',
  'credit-notes': 'Add a Credit Note and boost your business',
  'inventory-adjustments': 'Add an Inventory Adjustment and boost your business',
  'inventory-transfers': 'Add an Inventory Transfer and boost your business',
  'purchase-orders': 'Create a Purchase Order and boost your business',
  bills: 'Add a Bill and boost your business',
  'payments-made': 'Record a Payment Made to a seller and boost your business',
  'purchase-returns': 'Add a Purchase Return and boost your business',
  'debit-notes': 'Add a Debit Note and boost your business',
} as const;

/** The list an empty card belongs to; its key in EMPTY_STATE_TEXT. */
export type EmptyArea = keyof typeof EMPTY_STATE_TEXT;

export interface EmptyStateCardProps {
  area: EmptyArea;
  /** Absent when the user may not add or the area has no create page: then no button. */
  onAdd?: (() => void) | undefined;
  addLabel?: string;
}

/** The spec's empty-state card: 'Oops it's empty here', the area's 'Add a … and boost your business', Add. */
export function EmptyStateCard({ area, onAdd, addLabel = 'Add' }: EmptyStateCardProps) {
  return (
    <Card withBorder padding="xl" radius="md">
      <EmptyState title={EMPTY_TITLE} description={EMPTY_STATE_TEXT[area]} icon={<IconBoxOff size={28} />}>
        {onAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
            {addLabel}
          </Button>
        )}
      </EmptyState>
    </Card>
  );
}
