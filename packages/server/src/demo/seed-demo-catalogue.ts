import { brandCreate } from '@b2b/domain/api/brands';
import { categoryCreate } from '@b2b/domain/api/categories';
import { productCreate } from '@b2b/domain/api/products';
import type { Principal } from '../core/principal.ts';
import type { Database } from '../db/database.ts';
import { createBrand } from '../modules/brands/brands.service.ts';
import { createCategory } from '../modules/categories/categories.service.ts';
import { createProduct } from '../modules/products/create-product.ts';
import { type Branch, lookup, step } from './seed-demo-support.ts';

// The demo catalogue: a distributor of kitchen appliances and electricals in Maharashtra and
// Karnataka.

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

export interface DemoProduct {
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
export const DEMO_PRODUCTS: readonly DemoProduct[] = [
  {
    name: 'Bajaj Rex 500 W Mixer Grinder (3 Jars)',
    sku: 'BJ-MG-REX500',
    category: 'Mixer Grinders',
    brand: 'Bajaj',
    hsn: '85094010',
    gst: 18,
    mrp: 3610,
    sellingPrice: 2299,
    costPrice: 1675.5,
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
    costPrice: 2441,
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
    costPrice: 3133,
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
    costPrice: 1595.5,
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
    costPrice: 2331.5,
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
    costPrice: 1019.5,
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
    costPrice: 1473.5,
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
    costPrice: 1089,
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
    costPrice: 4117,
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
    costPrice: 1347.5,
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
    costPrice: 305.5,
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
    costPrice: 266.5,
    stock: 0,
    warehouse: 'Bengaluru',
    weightKg: 0.2,
    shortDescription: 'Recessed 10 W LED downlight for false ceilings.',
    description:
      '<p>Slim recessed downlight with a cut-out of 105 mm.</p><ul><li>10 W, cool daylight</li><li>1 year warranty</li></ul>',
    tags: ['led', 'downlight'],
  },
];

/** The categories (parents first) and brands of the catalogue. */
export async function seedDemoCategoriesAndBrands(db: Database, actor: Principal) {
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
  return { categories, brands };
}

/** The products, each with its opening stock in its branch's warehouse. */
export async function seedDemoProducts(
  db: Database,
  actor: Principal,
  refs: {
    categories: Map<string, number>;
    brands: Map<string, number>;
    units: Map<string, number>;
    taxes: Map<number, number>;
    warehouses: Map<string, number>;
    groups: Map<string, number>;
  },
) {
  const { categories, brands, units, taxes, warehouses, groups } = refs;
  const products = new Map<string, number>();
  for (const p of DEMO_PRODUCTS) {
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
  return products;
}
