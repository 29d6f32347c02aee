import type { Quotation } from '../quotations/quotations.api';
import type { SalesOrder, SalesOrderSummary } from './sales-orders.api';

/** Test data of the sales screens: one buyer in Maharashtra shipping to Karnataka, one 18% product. */

const MH = { id: 27, name: 'Maharashtra', gst_code: '27' };
const KA = { id: 29, name: 'Karnataka', gst_code: '29' };

const address = (id: number, type: string, line: string, state: typeof MH) => ({
  id,
  address_type: type,
  address_line_1: line,
  address_line_2: null,
  landmark: null,
  city: state === MH ? 'Pune' : 'Bengaluru',
  state,
  pincode: '411001',
  is_visible: true,
});

export const BILLING = address(51, 'billing_address', '1 Billing Street', MH);
export const SHIPPING_MH = address(52, 'shipping_address', '2 Shipping Lane', MH);
export const SHIPPING_KA = address(53, 'shipping_address', '3 Far Road', KA);

export const BUYER = {
  id: 5,
  name: 'Acme Traders',
  contact_person_name: 'Ravi',
  email: null,
  phone: '9876543210',
  gst_number: '27AAACA1234A1Z5',
  pan: 'AAACA1234A',
  buyer_type: 'retailer',
  credit_limit: null,
  opening_balance: 0,
  outstanding: 0,
  is_active: true,
  payment_term: null,
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
};

export const BUYER_DETAIL = {
  ...BUYER,
  company: 10,
  payment_term: { id: 3, name: 'Net 15', days: 15 },
  sales_channels: [],
  buyer_groups: [],
  addresses: [BILLING, SHIPPING_MH, SHIPPING_KA],
  summary: { outstanding: 0, credit_limit: null, credit_used: 0, credit_available: null },
};

export const BRANCH = {
  id: 100,
  name: 'Main',
  gstin: '27AAACR5055K1Z7',
  is_active: true,
  round_off_enabled: false,
  contact_person_name: null,
  contact_person_email: null,
  contact_person_phone: null,
  addresses: [{ ...BILLING, id: 90, address_type: 'billing_address' }],
  created_at: '2025-04-01T10:00:00Z',
  updated_at: '2025-04-01T10:00:00Z',
};

export const WAREHOUSE = { id: 7, name: 'Main Godown', branch: { id: 100, name: 'Main' }, is_active: true };

export const PRODUCT = {
  id: 21,
  name: 'Ceiling Fan',
  display_name: null,
  sku: 'CF-1',
  is_active: true,
  selling_price: 118,
  mrp: 150,
  hsn: '8414',
  tax: { id: 4, display_name: 'GST 18%', rate: 18 },
  cess_tax: null,
  stock: {
    in_stock: true,
    stock_by_branches: [
      {
        id: 100,
        name: 'Main',
        stock_by_warehouses: [{ id: 7, name: 'Main Godown', available_stock: 10, df_quantity: 0 }],
      },
    ],
  },
};

const zeroTotals = {
  is_intra_state: true,
  subtotal: 236,
  line_discount: 0,
  coupon_discount: 0,
  additional_discount: 0,
  shipping_handling_charges: 0,
  other_charges: 0,
  taxable_value: 200,
  cgst: 18,
  sgst: 18,
  igst: 0,
  cess: 0,
  total_tax: 36,
  round_off: 0,
  total: 236,
  charges: [],
  hsn_summary: [
    {
      hsn: '8414',
      gst_rate: 18,
      cess_rate: 0,
      taxable_value: 200,
      cgst: 18,
      sgst: 18,
      igst: 0,
      cess: 0,
      total_tax: 36,
    },
  ],
};

const pricedLine = {
  id: 1,
  product: { id: 21, name: 'Ceiling Fan', sku: 'CF-1' },
  warehouse: { id: 7, name: 'Main Godown' },
  hsn: '8414',
  unit: null,
  quantity: 2,
  rate: 118,
  discount: 0,
  gst_rate: 18,
  cess_rate: 0,
  gross: 236,
  line_discount: 0,
  order_discount: 0,
  amount: 236,
  taxable_value: 200,
  cgst: 18,
  sgst: 18,
  igst: 0,
  cess: 0,
  offer: null,
  offer_discount: 0,
};

const docAddress = (a: typeof BILLING) => ({
  id: a.id,
  address_line_1: a.address_line_1,
  address_line_2: null,
  landmark: null,
  city: a.city,
  state: a.state,
  pincode: a.pincode,
});

const terms = {
  buyer: { id: 5, name: 'Acme Traders', gst_number: '27AAACA1234A1Z5' },
  branch: { id: 100, name: 'Main' },
  sales_channel: null,
  billing_address: docAddress(BILLING),
  shipping_address: docAddress(SHIPPING_MH),
  place_of_supply: MH,
  sales_person: null,
  shipping_method: null,
  payment_method: null,
  payment_terms: 15,
  shipment_date: null,
  reference_number: null,
  minimum_item_value: null,
  notes: null,
  coupon_code: null,
  offers: [],
};

export const quotation = (overrides: Partial<Quotation> = {}): Quotation => ({
  id: 31,
  quotation_number: 'QT-0031',
  status: 'draft',
  purpose: 'new',
  source_order: null,
  order: null,
  date: '2025-04-02',
  ...terms,
  items: [pricedLine],
  totals: zeroTotals,
  created_by: null,
  created_at: '2025-04-02T10:00:00Z',
  updated_at: '2025-04-02T10:00:00Z',
  ...overrides,
});

export const salesOrder = (overrides: Partial<SalesOrder> = {}): SalesOrder => ({
  id: 41,
  order_number: 'SO-0041',
  version: 1,
  previous_order: null,
  quotation: { id: 31, quotation_number: 'QT-0031' },
  order_date: '2025-04-02',
  status: 'new',
  payment_status: 'unpaid',
  is_instant: false,
  is_stock_reserved: false,
  auto_processed_order: false,
  partially_invoiced: false,
  ...terms,
  buyer_company: 'Acme Traders Pvt Ltd',
  order_items: [
    {
      ...pricedLine,
      quantity_invoiced: 0,
      quantity_shipped: 0,
      quantity_cancelled: 0,
      invoiceable_quantity: 2,
    },
  ],
  totals: zeroTotals,
  order_total: 236,
  total_items: 1,
  total_quantity: 2,
  total_quantity_invoiced: 0,
  total_quantity_shipped: 0,
  total_quantity_cancelled: 0,
  comments: [],
  allowed_actions: ['confirm', 'cancel', 'hold', 'edit', 'reorder'],
  created_by: { id: 1, first_name: 'Asha', last_name: 'Rao' },
  created_at: '2025-04-02T10:00:00Z',
  updated_at: '2025-04-02T10:00:00Z',
  ...overrides,
});

export const orderSummary = (overrides: Partial<SalesOrderSummary> = {}): SalesOrderSummary => ({
  id: 41,
  order_number: 'SO-0041',
  version: 1,
  order_date: '2025-04-02',
  buyer: { id: 5, name: 'Acme Traders' },
  buyer_company: 'Acme Traders Pvt Ltd',
  branch: { id: 100, name: 'Main' },
  order_total: 123456.5,
  reference_number: null,
  sales_person: null,
  status: 'new',
  payment_status: 'unpaid',
  payment_method: null,
  sales_channel: null,
  shipping_method: null,
  total_items: 2,
  total_quantity: 5,
  total_quantity_invoiced: 2,
  total_quantity_shipped: 0,
  partially_invoiced: true,
  created_at: '2025-04-02T10:00:00Z',
  ...overrides,
});
