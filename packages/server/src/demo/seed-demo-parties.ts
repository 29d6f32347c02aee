import { buyerGroupCreate } from '@b2b/domain/api/buyer-groups';
import { buyerCreate } from '@b2b/domain/api/buyers';
import { sellerCreate } from '@b2b/domain/api/sellers';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import type { Database } from '../db/database.ts';
import {
  assignBuyers,
  createBuyerGroup,
  evaluateDynamicGroup,
} from '../modules/buyer-groups/buyer-groups.service.ts';
import { createBuyer } from '../modules/buyers/create-buyer.ts';
import { assignProductsToSeller, createSeller } from '../modules/sellers/sellers.service.ts';
import { gstin, KARNATAKA, lookup, MAHARASHTRA, step } from './seed-demo-support.ts';

// The demo's parties: sellers, buyers and buyer groups.

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
    payment_term: 'Net 30',
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
    payment_term: 'Net 45',
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

/** The sellers, the buyers (with their payment terms) and the buyer groups with their members. */
export async function seedDemoParties(
  ctx: AppContext,
  actor: Principal,
  refs: { companyId: number; terms: Map<string, number> },
) {
  const { db, jobs } = ctx;
  const { companyId, terms } = refs;
  const sellers = new Map<string, number>();
  for (const { products: _skus, payment_term, ...seller } of SELLERS) {
    const input = sellerCreate.parse({
      ...seller,
      payment_term: lookup(terms, payment_term, 'payment term'),
    });
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
  return { sellers, buyers, groups };
}

/** Each seller's products, once the products exist. */
export async function assignDemoSellerProducts(
  db: Database,
  actor: Principal,
  refs: { sellers: Map<string, number>; products: Map<string, number> },
) {
  const { sellers, products } = refs;
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
}
