import { bankAccountCreate } from '@b2b/domain/api/bank-accounts';
import { brandCreate } from '@b2b/domain/api/brands';
import { buyerGroupCreate } from '@b2b/domain/api/buyer-groups';
import { buyerCreate, transactionCreate } from '@b2b/domain/api/buyers';
import { cashpointCreditInput, cashpointDebitInput } from '@b2b/domain/api/cashpoints';
import { categoryCreate } from '@b2b/domain/api/categories';
import { inventoryAdjustmentCreate } from '@b2b/domain/api/inventory-adjustments';
import { productCreate } from '@b2b/domain/api/products';
import { sellerCreate } from '@b2b/domain/api/sellers';
import { addDays, indianToday } from '@b2b/domain/cashpoints';
import { computeGstinCheckChar } from '@b2b/domain/gstin';
import type { InventoryAdjustmentReason } from '@b2b/domain/inventory-adjustments';
import type { AppContext } from '../app-context.ts';
import { companyChanged } from '../core/company-epoch.ts';
import { AppError } from '../core/errors.ts';
import type { Principal } from '../core/principal.ts';
import { me } from '../modules/auth/sessions.ts';
import { createBankAccount } from '../modules/bank-accounts/bank-accounts.service.ts';
import { createBrand } from '../modules/brands/brands.service.ts';
import {
  assignBuyers,
  createBuyerGroup,
  evaluateDynamicGroup,
} from '../modules/buyer-groups/buyer-groups.service.ts';
import { recordTransaction } from '../modules/buyer-ledger/buyer-ledger.service.ts';
import { createBuyer } from '../modules/buyers/create-buyer.ts';
import { creditCashpoints, debitCashpoints } from '../modules/cashpoints/cashpoints.service.ts';
import { createCategory } from '../modules/categories/categories.service.ts';
import { createConfiguration } from '../modules/companies/companies.service.ts';
import { createAdjustment } from '../modules/inventory-adjustments/inventory-adjustments.service.ts';
import { createProduct } from '../modules/products/create-product.ts';
import * as reference from '../modules/reference/reference.queries.ts';
import { getRole } from '../modules/roles/roles.service.ts';
import { assignProductsToSeller, createSeller } from '../modules/sellers/sellers.service.ts';
import { listWarehouses } from '../modules/warehouses/warehouses.service.ts';
import { seedDemoChallans } from './seed-demo-challans.ts';
import { seedDemoSales } from './seed-demo-sales.ts';

/** A valid GSTIN for a state and a PAN (entity number 1, the check character computed). */
export const gstin = (stateCode: string, pan: string) => {
  const first14 = `${stateCode}${pan}1Z`;
  return `${first14}${computeGstinCheckChar(first14)}`;
};

const MAHARASHTRA = 27;
const KARNATAKA = 29;

/** The demo company's branches, named as seed-demo.ts makes them. */
type Branch = 'Mumbai' | 'Bengaluru';

// ---------------------------------------------------------------------------------------------
// The data: a distributor of kitchen appliances and electricals in Maharashtra and Karnataka.

const CATEGORIES: { name: string; parent?: string; description: string }[] = [
  {
    name: 'Kitchen Appliances',
    description: '<p>Mixer grinders, induction cooktops and kettles for Indian kitchens.</p>',
  },
  {
    name: 'Mixer Grinders',
    parent: 'Kitchen Appliances',
    description: '<p>Mixer grinders from 500 W to 750 W with stainless steel jars.</p>',
  },
  {
    name: 'Induction Cooktops',
    parent: 'Kitchen Appliances',
    description: '<p>Induction cooktops with Indian menu presets.</p>',
  },
  { name: 'Cookware', description: '<p>Pressure cookers, kadais and tawas.</p>' },
  { name: 'Fans', description: '<p>Ceiling fans for homes and shops.</p>' },
  { name: 'Lighting', description: '<p>LED battens and downlights.</p>' },
];

const BRANDS = ['Bajaj', 'Havells', 'Prestige', 'Philips'];

interface DemoProduct {
  name: string;
  sku: string;
  category: string;
  brand: string;
  hsn: string;
  /** GST rate in per cent: one of the company's seeded GST taxes. */
  gst: 5 | 18;
  /** Rupees, tax inclusive. */
  mrp: number;
  sellingPrice: number;
  costPrice: number;
  /** Opening stock in the branch's warehouse; 0 leaves the product out of stock. */
  stock: number;
  warehouse: Branch;
  weightKg: number;
  shortDescription: string;
  description: string;
  tags: string[];
  /** Only this buyer group may buy it. */
  buyerGroup?: string;
}

// HSN: 8509 mixers, 8516 electro-thermic appliances, 7615 aluminium kitchenware (5% GST since
// September 2025), 8414 fans, 9405 LED light fittings.
const PRODUCTS: DemoProduct[] = [
  {
    name: 'Bajaj Rex 500 W Mixer Grinder (3 Jars)',
    sku: 'BJ-MG-REX500',
    category: 'Mixer Grinders',
    brand: 'Bajaj',
    hsn: '85094010',
    gst: 18,
    mrp: 3610,
    sellingPrice: 2299,
    costPrice: 1895.5,
    stock: 40,
    warehouse: 'Mumbai',
    weightKg: 3.2,
    shortDescription: '500 W mixer grinder with three stainless steel jars.',
    description:
      '<p>A dependable everyday mixer grinder for chutneys, masalas and batters.</p><ul><li>500 W motor, 3 speeds with pulse</li><li>Jars: 1.2 L liquidising, 0.8 L dry, 0.3 L chutney</li><li>2 years warranty on the product, 5 on the motor</li></ul>',
    tags: ['mixer', 'kitchen'],
  },
  {
    name: 'Prestige Iris 750 W Mixer Grinder (4 Jars)',
    sku: 'PR-MG-IRIS750',
    category: 'Mixer Grinders',
    brand: 'Prestige',
    hsn: '85094010',
    gst: 18,
    mrp: 4895,
    sellingPrice: 3349.5,
    costPrice: 2790,
    stock: 25,
    warehouse: 'Bengaluru',
    weightKg: 4.5,
    shortDescription: '750 W mixer grinder with a juicer jar.',
    description:
      '<p>Four jars, including a juicer jar with a fruit filter, for a busy family kitchen.</p><ul><li>750 W motor with overload protection</li><li>3 stainless steel jars and 1 juicer jar</li><li>2 years warranty</li></ul>',
    tags: ['mixer', 'juicer'],
  },
  {
    name: 'Philips HL7756 750 W Mixer Grinder (3 Jars)',
    sku: 'PH-MG-HL7756',
    category: 'Mixer Grinders',
    brand: 'Philips',
    hsn: '85094010',
    gst: 18,
    mrp: 6295,
    sellingPrice: 4299,
    costPrice: 3560.25,
    stock: 0,
    warehouse: 'Mumbai',
    weightKg: 4.1,
    shortDescription: '750 W turbo motor, three jars.',
    description:
      '<p>Turbo motor for fine grinding of hard spices.</p><ul><li>750 W motor with a 5 year warranty</li><li>Leak-proof jars with a multi-utility lid</li></ul>',
    tags: ['mixer'],
  },
  {
    name: 'Prestige PIC 20 1600 W Induction Cooktop',
    sku: 'PR-IC-PIC20',
    category: 'Induction Cooktops',
    brand: 'Prestige',
    hsn: '85166000',
    gst: 18,
    mrp: 3295,
    sellingPrice: 2189,
    costPrice: 1812.4,
    stock: 30,
    warehouse: 'Bengaluru',
    weightKg: 2.6,
    shortDescription: 'Induction cooktop with Indian menu options.',
    description:
      '<p>Cooks dosa, idli, roti and pressure-cooker recipes at the touch of a button.</p><ul><li>1600 W, push buttons</li><li>Automatic voltage regulator</li><li>1 year warranty</li></ul>',
    tags: ['induction', 'cooktop'],
  },
  {
    name: 'Philips HD4928 2100 W Induction Cooktop',
    sku: 'PH-IC-HD4928',
    category: 'Induction Cooktops',
    brand: 'Philips',
    hsn: '85166000',
    gst: 18,
    mrp: 4595,
    sellingPrice: 3199,
    costPrice: 2650,
    stock: 18,
    warehouse: 'Mumbai',
    weightKg: 2.8,
    shortDescription: '2100 W induction cooktop with a crystal glass plate.',
    description:
      '<p>Sensor touch controls and ten preset menus.</p><ul><li>2100 W</li><li>Crystal glass plate</li><li>1 year warranty</li></ul>',
    tags: ['induction', 'cooktop'],
  },
  {
    name: 'Havells Aqua Plus 1.2 L Electric Kettle',
    sku: 'HV-KT-AQUA12',
    category: 'Kitchen Appliances',
    brand: 'Havells',
    hsn: '85167990',
    gst: 18,
    mrp: 2095,
    sellingPrice: 1399,
    costPrice: 1150.75,
    stock: 0,
    warehouse: 'Bengaluru',
    weightKg: 1.1,
    shortDescription: 'Double-wall stainless steel kettle, 1.2 litres.',
    description:
      '<p>Cool-touch double-wall body that keeps water hot for longer.</p><ul><li>1500 W</li><li>Auto shut-off and dry-boil protection</li><li>2 years warranty</li></ul>',
    tags: ['kettle'],
  },
  {
    name: 'Prestige Popular Aluminium Pressure Cooker 5 L',
    sku: 'PR-PC-POP5L',
    category: 'Cookware',
    brand: 'Prestige',
    hsn: '76151030',
    gst: 5,
    mrp: 2350,
    sellingPrice: 1799,
    costPrice: 1480,
    stock: 60,
    warehouse: 'Mumbai',
    weightKg: 2.3,
    shortDescription: 'Outer-lid aluminium pressure cooker, 5 litres.',
    description:
      '<p>The classic outer-lid cooker for everyday dal and rice.</p><ul><li>5 litres, for 4 to 5 people</li><li>Gas stove compatible</li><li>5 years warranty</li></ul>',
    tags: ['pressure cooker', 'cookware'],
  },
  {
    name: 'Prestige Omega Deluxe Granite Kadai 24 cm',
    sku: 'PR-CW-OMEGA24',
    category: 'Cookware',
    brand: 'Prestige',
    hsn: '76151090',
    gst: 5,
    mrp: 1995,
    sellingPrice: 1329.75,
    costPrice: 1090,
    stock: 35,
    warehouse: 'Bengaluru',
    weightKg: 1.2,
    shortDescription: 'Non-stick granite kadai with a glass lid.',
    description:
      '<p>Granite-finish non-stick coating for frying with less oil.</p><ul><li>24 cm, 2.5 litres</li><li>Works on gas and induction</li></ul>',
    tags: ['kadai', 'cookware'],
  },
  {
    name: 'Havells Stealth Air 1200 mm Ceiling Fan',
    sku: 'HV-CF-STEALTH1200',
    category: 'Fans',
    brand: 'Havells',
    hsn: '84145120',
    gst: 18,
    mrp: 8290,
    sellingPrice: 5649,
    costPrice: 4710,
    stock: 22,
    warehouse: 'Mumbai',
    weightKg: 5.8,
    shortDescription: 'Premium silent ceiling fan, 1200 mm sweep.',
    description:
      '<p>Designer ceiling fan that runs almost silently.</p><ul><li>1200 mm sweep, 210 CMM air delivery</li><li>Dust-resistant finish</li><li>2 years warranty</li></ul>',
    tags: ['fan', 'premium'],
    buyerGroup: 'Preferred Retailers',
  },
  {
    name: 'Bajaj Frore 1200 mm Ceiling Fan',
    sku: 'BJ-CF-FRORE1200',
    category: 'Fans',
    brand: 'Bajaj',
    hsn: '84145120',
    gst: 18,
    mrp: 2790,
    sellingPrice: 1849,
    costPrice: 1525.3,
    stock: 80,
    warehouse: 'Bengaluru',
    weightKg: 4.3,
    shortDescription: 'Everyday ceiling fan, 1200 mm sweep.',
    description:
      '<p>A fast-moving ceiling fan for homes and shops.</p><ul><li>1200 mm sweep, 350 RPM</li><li>2 years warranty</li></ul>',
    tags: ['fan'],
  },
  {
    name: 'Havells Endura 20 W LED Batten (4 ft)',
    sku: 'HV-LT-BATTEN20',
    category: 'Lighting',
    brand: 'Havells',
    hsn: '94051100',
    gst: 18,
    mrp: 699,
    sellingPrice: 419,
    costPrice: 338.6,
    stock: 150,
    warehouse: 'Mumbai',
    weightKg: 0.35,
    shortDescription: '20 W LED tube light batten, cool daylight.',
    description:
      '<p>Bright, even light for offices, shops and kitchens.</p><ul><li>20 W, 2000 lumens, 6500 K</li><li>Surge protection up to 2.5 kV</li></ul>',
    tags: ['led', 'batten'],
  },
  {
    name: 'Philips 10 W LED Downlight (Round)',
    sku: 'PH-LT-DL10W',
    category: 'Lighting',
    brand: 'Philips',
    hsn: '94051100',
    gst: 18,
    mrp: 575,
    sellingPrice: 365.5,
    costPrice: 295,
    stock: 0,
    warehouse: 'Bengaluru',
    weightKg: 0.2,
    shortDescription: 'Recessed 10 W LED downlight for false ceilings.',
    description:
      '<p>Slim recessed downlight with a cut-out of 105 mm.</p><ul><li>10 W, cool daylight</li><li>1 year warranty</li></ul>',
    tags: ['led', 'downlight'],
  },
];

const SELLERS = [
  {
    name: 'Sahyadri Electricals LLP',
    contact_person_name: 'Nitin Kulkarni',
    email: 'sales@sahyadrielectricals.in',
    phone: '9822041573',
    gst_number: gstin('27', 'ABFFS7392K'),
    pan: 'ABFFS7392K',
    billing_address: {
      address_line_1: 'Plot 18, Bhosari MIDC',
      address_line_2: 'Sector 7',
      city: 'Pune',
      state_id: MAHARASHTRA,
      pincode: '411026',
    },
    addSameAsBilling: true,
    products: ['HV-CF-STEALTH1200', 'BJ-CF-FRORE1200', 'HV-LT-BATTEN20', 'PH-LT-DL10W'],
  },
  {
    name: 'Kaveri Home Appliances Private Limited',
    contact_person_name: 'Deepa Raghavan',
    email: 'accounts@kaverihome.in',
    phone: '9845012786',
    gst_number: gstin('29', 'AAGCK4821M'),
    pan: 'AAGCK4821M',
    billing_address: {
      address_line_1: '41, 2nd Main Road, Peenya Industrial Area',
      address_line_2: 'Phase 2',
      city: 'Bengaluru',
      state_id: KARNATAKA,
      pincode: '560058',
    },
    shipping_address: {
      address_line_1: 'Survey No. 112, Dasanapura Hobli',
      city: 'Bengaluru',
      state_id: KARNATAKA,
      pincode: '562123',
    },
    products: ['PR-MG-IRIS750', 'PR-IC-PIC20', 'PR-PC-POP5L', 'PR-CW-OMEGA24'],
  },
];

const BUYERS = [
  {
    name: 'Mehta Kitchen World',
    contact_person_name: 'Rajesh Mehta',
    email: 'purchase@mehtakitchenworld.in',
    phone: '9820345671',
    buyer_type: 'regular',
    gst_number: gstin('27', 'AAKFM5521L'),
    payment_term: 'Net 30',
    credit_limit: 500000,
    opening_balance: 125000,
    billing_address: {
      address_line_1: 'Shop 4, Ranade Road',
      address_line_2: 'Dadar West',
      city: 'Mumbai',
      state_id: MAHARASHTRA,
      pincode: '400028',
    },
    shipping_address: {
      address_line_1: 'Gala 12, Wagle Industrial Estate',
      address_line_2: 'Road No. 16',
      city: 'Thane',
      state_id: MAHARASHTRA,
      pincode: '400604',
    },
  },
  {
    name: 'Pune Electric Stores',
    contact_person_name: 'Sachin Joshi',
    email: 'orders@puneelectric.in',
    phone: '9890217345',
    buyer_type: 'regular',
    gst_number: gstin('27', 'AAHFP8834Q'),
    payment_term: 'Net 15',
    credit_limit: 200000,
    opening_balance: 48750.5,
    billing_address: {
      address_line_1: '512, Laxmi Road',
      address_line_2: 'Budhwar Peth',
      city: 'Pune',
      state_id: MAHARASHTRA,
      pincode: '411002',
    },
    addSameAsBilling: true,
  },
  {
    name: 'Nashik Home Needs',
    contact_person_name: 'Suresh Patil',
    email: 'nashikhomeneeds@gmail.com',
    phone: '9763308412',
    buyer_type: 'composition',
    gst_number: gstin('27', 'BQRPP4417D'),
    payment_term: 'Net 7',
    credit_limit: 75000,
    billing_address: {
      address_line_1: 'Shop 9, College Road',
      city: 'Nashik',
      state_id: MAHARASHTRA,
      pincode: '422005',
    },
    addSameAsBilling: true,
  },
  {
    name: 'Sri Lakshmi Appliances',
    contact_person_name: 'Venkatesh Rao',
    email: 'srilakshmiappliances@gmail.com',
    phone: '9448127690',
    buyer_type: 'regular',
    gst_number: gstin('29', 'AAPFS6619H'),
    payment_term: 'Net 45',
    credit_limit: 300000,
    opening_balance: 92340,
    billing_address: {
      address_line_1: '27, 9th Main Road',
      address_line_2: 'Jayanagar 4th Block',
      city: 'Bengaluru',
      state_id: KARNATAKA,
      pincode: '560011',
    },
    shipping_address: {
      address_line_1: '14/2, Industrial Suburb',
      address_line_2: 'Yeshwanthpur',
      city: 'Bengaluru',
      state_id: KARNATAKA,
      pincode: '560022',
    },
  },
  {
    name: 'Mysuru Electricals & Hardware',
    contact_person_name: 'Mohammed Irfan',
    email: 'mysuruelectricals@yahoo.in',
    phone: '9480561234',
    buyer_type: 'regular',
    gst_number: gstin('29', 'AADFM2290R'),
    payment_term: 'Net 30',
    credit_limit: 150000,
    opening_balance: 15600,
    billing_address: {
      address_line_1: '1090, Sayyaji Rao Road',
      city: 'Mysuru',
      state_id: KARNATAKA,
      pincode: '570001',
    },
    addSameAsBilling: true,
  },
  {
    name: 'Anand Rao',
    email: 'anand.rao82@gmail.com',
    phone: '9902876543',
    buyer_type: 'consumer',
    payment_term: 'Due on receipt',
    billing_address: {
      address_line_1: 'Flat 302, Vidya Nagar Residency',
      city: 'Hubballi',
      state_id: KARNATAKA,
      pincode: '580021',
    },
    addSameAsBilling: true,
  },
];

const BUYER_GROUPS = [
  {
    name: 'Preferred Retailers',
    description: 'Long-standing retailers who get the premium range first.',
    is_dynamic_group: false,
    buyers: ['Mehta Kitchen World', 'Pune Electric Stores', 'Sri Lakshmi Appliances'],
  },
  {
    name: 'Small Accounts',
    description: 'Buyers with up to ₹50,000 of purchases in the last 90 days.',
    is_dynamic_group: true,
    dynamic_group_sale_condition: { min_amount: 0, max_amount: 50000 },
    dynamic_group_time_condition: { last_days: 90 },
    buyers: [],
  },
];

/** A part payment against Mehta Kitchen World's opening balance of ₹1,25,000. */
const PAYMENT = {
  buyer: 'Mehta Kitchen World',
  branch: 'Mumbai' as Branch,
  method: 'bank_transfer',
  amount: 40000,
  reference_number: 'NEFT HDFCN52025112104871',
  notes: 'Part payment against the opening balance.',
};

const CASHPOINTS = {
  buyer: 'Sri Lakshmi Appliances',
  salesChannel: 'web_store',
  credit: 500,
  expiresInDays: 60,
  debit: 120,
};

const BANK_ACCOUNTS: ({ branch: Branch } & Record<string, unknown>)[] = [
  {
    branch: 'Mumbai',
    bank_name: 'HDFC Bank',
    account_holder_name: 'Demo Traders Private Limited',
    account_number: '50200048213376',
    ifsc_code: 'HDFC0000212',
    bank_branch_name: 'Andheri East',
    account_type: 'current',
    upi_id: 'demotraders@hdfcbank',
    is_default: true,
  },
  {
    branch: 'Bengaluru',
    bank_name: 'ICICI Bank',
    account_holder_name: 'Demo Traders Private Limited',
    account_number: '125605001842',
    ifsc_code: 'ICIC0001256',
    bank_branch_name: 'Residency Road',
    account_type: 'current',
    is_default: true,
  },
];

// ---------------------------------------------------------------------------------------------
// Seeding

/** The demo admin as the API would see them after signing in (no session: nothing is requested). */
async function demoAdmin(ctx: AppContext, companyId: number, userId: number): Promise<Principal> {
  const user = await me(ctx.db, userId);
  const role = await getRole(ctx.db, companyId, user.role.id);
  return {
    userId,
    companyId,
    sessionId: 'demo-seed',
    isAdmin: role.is_admin,
    roleName: role.display_name,
    permissions: new Set(role.permissions),
    branchIds: user.branches.map((b) => b.id),
    companyVerified: user.company.is_verified,
  };
}

/** Looks a name up, failing loudly when the data names something that was not made. */
function lookup<K, V>(map: Map<K, V>, key: K, what: string): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`Demo data: no ${what} "${String(key)}".`);
  return value;
}

/** Runs one step; a refusal names the record and the fields, not only "Invalid input". */
async function step<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const fields = error instanceof AppError && error.errors ? ` ${JSON.stringify(error.errors)}` : '';
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`Demo data: ${what} failed: ${message}${fields}`, { cause: error });
  }
}

/**
 * Fills the new demo company with a catalogue, parties, groups, money and bank accounts, through
 * the areas' own services, each input parsed by the API's schema first: every rule the API
 * enforces holds for the demo too. Each service commits its own transaction, so this is not
 * atomic: the caller marks the company verified only after it returns (see seed-demo.ts).
 */
const ADJUSTMENTS: {
  warehouse: Branch;
  reason: InventoryAdjustmentReason;
  notes: string;
  lines: { sku: string; quantity: number; batch_number?: string; manufacturedDaysAgo?: number }[];
}[] = [
  {
    warehouse: 'Mumbai',
    reason: 'extra_inventory_found',
    notes: 'Two lots of battens found in the mezzanine rack during the stock count.',
    lines: [
      { sku: 'HV-LT-BATTEN20', quantity: 24, batch_number: 'HE20-2609', manufacturedDaysAgo: 75 },
      { sku: 'HV-LT-BATTEN20', quantity: 16, batch_number: 'HE20-2610', manufacturedDaysAgo: 40 },
    ],
  },
  {
    warehouse: 'Mumbai',
    reason: 'stock_damaged',
    notes: 'Cartons crushed in the monsoon leak.',
    lines: [{ sku: 'PH-IC-HD4928', quantity: -14 }],
  },
];

export async function seedDemoBusiness(ctx: AppContext, companyId: number, userId: number): Promise<void> {
  const { db, jobs } = ctx;
  const actor = await demoAdmin(ctx, companyId, userId);

  const taxes = new Map(
    (await reference.listTaxes(db, companyId, 'gst')).map((t) => [Number(t.rate), t.id] as const),
  );
  const units = new Map((await reference.listUnits(db, companyId)).map((u) => [u.code, u.id]));
  const terms = new Map((await reference.listPaymentTerms(db, companyId)).map((t) => [t.name, t.id]));
  const methods = new Map((await reference.listPaymentMethods(db, companyId)).map((m) => [m.code, m.id]));
  const channels = new Map(
    (await reference.listSalesChannels(db, companyId, true)).map((c) => [c.name, c.id]),
  );
  const { results: warehouseRows } = await listWarehouses(db, companyId, {}, [], { limit: 100, offset: 0 });
  const branches = new Map(warehouseRows.map((w) => [w.branch.name, w.branch.id]));
  const warehouses = new Map(warehouseRows.map((w) => [w.branch.name, w.id]));

  const categories = new Map<string, number>();
  for (const { name, parent, description } of CATEGORIES) {
    const input = categoryCreate.parse({
      name,
      description,
      parent_category: parent ? lookup(categories, parent, 'category') : null,
      is_included_in_menu: true,
    });
    const category = await step(`category ${name}`, () => createCategory({ db, actor, input }));
    categories.set(name, category.id);
  }

  const brands = new Map<string, number>();
  for (const name of BRANDS) {
    const input = brandCreate.parse({ name });
    brands.set(name, (await step(`brand ${name}`, () => createBrand({ db, actor, input }))).id);
  }

  const sellers = new Map<string, number>();
  for (const { products: _skus, ...seller } of SELLERS) {
    const input = sellerCreate.parse(seller);
    sellers.set(
      seller.name,
      (await step(`seller ${seller.name}`, () => createSeller({ db, actor, input }))).id,
    );
  }

  const buyers = new Map<string, number>();
  for (const { payment_term, ...buyer } of BUYERS) {
    const input = buyerCreate.parse({ ...buyer, payment_term: lookup(terms, payment_term, 'payment term') });
    buyers.set(buyer.name, (await step(`buyer ${buyer.name}`, () => createBuyer({ db, actor, input }))).id);
  }

  const groups = new Map<string, number>();
  for (const { buyers: members, ...group } of BUYER_GROUPS) {
    const input = buyerGroupCreate.parse(group);
    const created = await step(`buyer group ${group.name}`, () =>
      createBuyerGroup({ db, jobs, actor, input }),
    );
    groups.set(group.name, created.id);
    if (members.length > 0) {
      const buyerIds = members.map((name) => lookup(buyers, name, 'buyer'));
      await step(`buyers of ${group.name}`, () =>
        assignBuyers({ db, actor, buyerGroupId: created.id, buyerIds, field: 'buyers' }),
      );
    }
    // The queued evaluation may run on another server later; the demo shows its members now.
    if (created.is_dynamic_group) await evaluateDynamicGroup({ db, companyId, buyerGroupId: created.id });
  }

  const products = new Map<string, number>();
  for (const p of PRODUCTS) {
    const input = productCreate.parse({
      name: p.name,
      sku: p.sku,
      category: lookup(categories, p.category, 'category'),
      brand: lookup(brands, p.brand, 'brand'),
      unit: lookup(units, 'PCS', 'unit'),
      tax: lookup(taxes, p.gst, 'GST rate'),
      hsn: p.hsn,
      mrp: p.mrp,
      selling_price: p.sellingPrice,
      cost_price: p.costPrice,
      weight: p.weightKg,
      warehouse: lookup(warehouses, p.warehouse, 'warehouse of branch'),
      opening_stock: p.stock,
      opening_rate: p.stock > 0 ? p.costPrice : null,
      reorder_point: 5,
      buyer_group: p.buyerGroup ? lookup(groups, p.buyerGroup, 'buyer group') : null,
      short_description: p.shortDescription,
      description: p.description,
      tags: p.tags,
    });
    products.set(p.sku, (await step(`product ${p.sku}`, () => createProduct({ db, actor, input }))).id);
  }

  for (const seller of SELLERS) {
    const productIds = seller.products.map((sku) => lookup(products, sku, 'product'));
    await step(`products of ${seller.name}`, () =>
      assignProductsToSeller({
        db,
        actor,
        sellerId: lookup(sellers, seller.name, 'seller'),
        productIds,
        reassign: false,
      }),
    );
  }

  const payment = transactionCreate.parse({
    buyer: lookup(buyers, PAYMENT.buyer, 'buyer'),
    transaction_type: 'payment',
    amount: PAYMENT.amount,
    payment_method: lookup(methods, PAYMENT.method, 'payment method'),
    reference_number: PAYMENT.reference_number,
    notes: PAYMENT.notes,
    branch: lookup(branches, PAYMENT.branch, 'branch'),
  });
  await step('payment', () => recordTransaction({ db, actor, input: payment }));

  const cashpointBuyer = lookup(buyers, CASHPOINTS.buyer, 'buyer');
  const salesChannel = lookup(channels, CASHPOINTS.salesChannel, 'sales channel');
  const credit = cashpointCreditInput.parse({
    amount: CASHPOINTS.credit,
    expired_on: addDays(indianToday(), CASHPOINTS.expiresInDays),
    sales_channel: salesChannel,
  });
  await step('cashpoint credit', () =>
    creditCashpoints({ db, actor, buyerId: cashpointBuyer, input: credit }),
  );
  const debit = cashpointDebitInput.parse({ amount: CASHPOINTS.debit, sales_channel: salesChannel });
  await step('cashpoint debit', () => debitCashpoints({ db, actor, buyerId: cashpointBuyer, input: debit }));

  for (const { branch, ...account } of BANK_ACCOUNTS) {
    const input = bankAccountCreate.parse(account);
    const branchId = lookup(branches, branch, 'branch');
    await step(`bank account of ${branch}`, () => createBankAccount({ db, actor, branchId, input }));
  }

  // Batches are on: LED battens arrive in manufacturing lots. Damaged mixers take one product below
  // its reorder point, so the bell has a warning to show.
  await step('batch configuration', () =>
    createConfiguration(db, companyId, {
      configuration_type: 'batch_configuration',
      configurations: { expiry_alert_days: 30, is_batch_mandatory: false },
      is_enabled: true,
    }),
  );
  for (const adjustment of ADJUSTMENTS) {
    const input = inventoryAdjustmentCreate.parse({
      warehouse: lookup(warehouses, adjustment.warehouse, 'warehouse of branch'),
      reason: adjustment.reason,
      notes: adjustment.notes,
      lines: adjustment.lines.map(({ sku, manufacturedDaysAgo, ...line }) => ({
        ...line,
        product: lookup(products, sku, 'product'),
        ...(manufacturedDaysAgo ? { manufactured_on: addDays(indianToday(), -manufacturedDaysAgo) } : {}),
      })),
    });
    await step(`adjustment ${adjustment.reason}`, () => createAdjustment({ db, actor, input }));
  }

  await seedDemoSales(ctx, actor, { buyers, products, branches }, step);
  await seedDemoChallans(ctx, actor, { buyers, products, warehouses }, step);

  // These writes came from no request, so no route retired the company's cached reads.
  companyChanged(companyId);
}
