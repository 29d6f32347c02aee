/** Seed data for the reference lists every company starts with. */

export interface IndianState {
  /** GST state code, the first two characters of a GSTIN registered there */
  gst_code: string;
  name: string;
  kind: 'state' | 'union_territory' | 'other_territory';
}

/**
 * The 37 places of supply GST uses today (the spec lists states with limit 37): 01-24, 26, 27,
 * 29-38 and 97. Not included: 25 (Daman and Diu, merged into 26 in 2020), 28 (the undivided
 * Andhra Pradesh, replaced by 37 and 36) and 99 (Centre Jurisdiction, not a place of supply).
 */
export const INDIAN_STATES: readonly IndianState[] = [
  { gst_code: '01', name: 'Jammu and Kashmir', kind: 'union_territory' },
  { gst_code: '02', name: 'Himachal Pradesh', kind: 'state' },
  { gst_code: '03', name: 'Punjab', kind: 'state' },
  { gst_code: '04', name: 'Chandigarh', kind: 'union_territory' },
  { gst_code: '05', name: 'Uttarakhand', kind: 'state' },
  { gst_code: '06', name: 'Haryana', kind: 'state' },
  { gst_code: '07', name: 'Delhi', kind: 'union_territory' },
  { gst_code: '08', name: 'Rajasthan', kind: 'state' },
  { gst_code: '09', name: 'Uttar Pradesh', kind: 'state' },
  { gst_code: '10', name: 'Bihar', kind: 'state' },
  { gst_code: '11', name: 'Sikkim', kind: 'state' },
  { gst_code: '12', name: 'Arunachal Pradesh', kind: 'state' },
  { gst_code: '13', name: 'Nagaland', kind: 'state' },
  { gst_code: '14', name: 'Manipur', kind: 'state' },
  { gst_code: '15', name: 'Mizoram', kind: 'state' },
  { gst_code: '16', name: 'Tripura', kind: 'state' },
  { gst_code: '17', name: 'Meghalaya', kind: 'state' },
  { gst_code: '18', name: 'Assam', kind: 'state' },
  { gst_code: '19', name: 'West Bengal', kind: 'state' },
  { gst_code: '20', name: 'Jharkhand', kind: 'state' },
  { gst_code: '21', name: 'Odisha', kind: 'state' },
  { gst_code: '22', name: 'Chhattisgarh', kind: 'state' },
  { gst_code: '23', name: 'Madhya Pradesh', kind: 'state' },
  { gst_code: '24', name: 'Gujarat', kind: 'state' },
  { gst_code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', kind: 'union_territory' },
  { gst_code: '27', name: 'Maharashtra', kind: 'state' },
  { gst_code: '29', name: 'Karnataka', kind: 'state' },
  { gst_code: '30', name: 'Goa', kind: 'state' },
  { gst_code: '31', name: 'Lakshadweep', kind: 'union_territory' },
  { gst_code: '32', name: 'Kerala', kind: 'state' },
  { gst_code: '33', name: 'Tamil Nadu', kind: 'state' },
  { gst_code: '34', name: 'Puducherry', kind: 'union_territory' },
  { gst_code: '35', name: 'Andaman and Nicobar Islands', kind: 'union_territory' },
  { gst_code: '36', name: 'Telangana', kind: 'state' },
  { gst_code: '37', name: 'Andhra Pradesh', kind: 'state' },
  { gst_code: '38', name: 'Ladakh', kind: 'union_territory' },
  { gst_code: '97', name: 'Other Territory', kind: 'other_territory' },
];

export function stateByGstCode(code: string): IndianState | undefined {
  return INDIAN_STATES.find((state) => state.gst_code === code);
}

export interface GstUnit {
  /** Unique Quantity Code as reported in GST returns and e-invoices */
  code: string;
  description: string;
}

/** The GST Unique Quantity Codes (UQC). */
export const GST_UNITS: readonly GstUnit[] = [
  { code: 'BAG', description: 'Bags' },
  { code: 'BAL', description: 'Bale' },
  { code: 'BDL', description: 'Bundles' },
  { code: 'BKL', description: 'Buckles' },
  { code: 'BOU', description: 'Billion of Units' },
  { code: 'BOX', description: 'Box' },
  { code: 'BTL', description: 'Bottles' },
  { code: 'BUN', description: 'Bunches' },
  { code: 'CAN', description: 'Cans' },
  { code: 'CBM', description: 'Cubic Meters' },
  { code: 'CCM', description: 'Cubic Centimeters' },
  { code: 'CMS', description: 'Centimeters' },
  { code: 'CTN', description: 'Cartons' },
  { code: 'DOZ', description: 'Dozens' },
  { code: 'DRM', description: 'Drums' },
  { code: 'GGK', description: 'Great Gross' },
  { code: 'GMS', description: 'Grams' },
  { code: 'GRS', description: 'Gross' },
  { code: 'GYD', description: 'Gross Yards' },
  { code: 'KGS', description: 'Kilograms' },
  { code: 'KLR', description: 'Kilolitre' },
  { code: 'KME', description: 'Kilometre' },
  { code: 'LTR', description: 'Litres' },
  { code: 'MLT', description: 'Millilitre' },
  { code: 'MTR', description: 'Meters' },
  { code: 'MTS', description: 'Metric Ton' },
  { code: 'NOS', description: 'Numbers' },
  { code: 'OTH', description: 'Others' },
  { code: 'PAC', description: 'Packs' },
  { code: 'PCS', description: 'Pieces' },
  { code: 'PRS', description: 'Pairs' },
  { code: 'QTL', description: 'Quintal' },
  { code: 'ROL', description: 'Rolls' },
  { code: 'SET', description: 'Sets' },
  { code: 'SQF', description: 'Square Feet' },
  { code: 'SQM', description: 'Square Meters' },
  { code: 'SQY', description: 'Square Yards' },
  { code: 'TBS', description: 'Tablets' },
  { code: 'TGM', description: 'Ten Gross' },
  { code: 'THD', description: 'Thousands' },
  { code: 'TON', description: 'Tonnes' },
  { code: 'TUB', description: 'Tubes' },
  { code: 'UGS', description: 'US Gallons' },
  { code: 'UNT', description: 'Units' },
  { code: 'YDS', description: 'Yards' },
];

export type TaxType = 'gst' | 'cess';

export interface DefaultTax {
  type: TaxType;
  /** per cent */
  rate: number;
  display_name: string;
}

const GST_RATES = [0, 0.25, 3, 5, 12, 18, 28, 40] as const;
const CESS_RATES = [1, 3, 5, 12, 15, 22] as const;

/**
 * GST slabs and common compensation cess rates. 40% is the slab introduced in September 2025
 * for luxury and sin goods; 12% and 28% stay for the goods and invoices that still carry them.
 */
export const DEFAULT_TAXES: readonly DefaultTax[] = [
  ...GST_RATES.map((rate) => ({ type: 'gst' as const, rate, display_name: `GST ${rate}%` })),
  ...CESS_RATES.map((rate) => ({ type: 'cess' as const, rate, display_name: `Cess ${rate}%` })),
];

export interface DefaultPaymentTerm {
  name: string;
  days: number;
}

export const DEFAULT_PAYMENT_TERMS: readonly DefaultPaymentTerm[] = [
  { name: 'Due on receipt', days: 0 },
  { name: 'Net 7', days: 7 },
  { name: 'Net 15', days: 15 },
  { name: 'Net 30', days: 30 },
  { name: 'Net 45', days: 45 },
  { name: 'Net 60', days: 60 },
];

export interface DefaultPaymentMethod {
  code: string;
  name: string;
  position: number;
}

export const DEFAULT_PAYMENT_METHODS: readonly DefaultPaymentMethod[] = [
  { code: 'cash', name: 'Cash', position: 1 },
  { code: 'cheque', name: 'Cheque', position: 2 },
  { code: 'bank_transfer', name: 'Bank Transfer (NEFT/RTGS/IMPS)', position: 3 },
  { code: 'upi', name: 'UPI', position: 4 },
  { code: 'credit_card', name: 'Credit Card', position: 5 },
  { code: 'debit_card', name: 'Debit Card', position: 6 },
  { code: 'net_banking', name: 'Net Banking', position: 7 },
  { code: 'credit', name: 'Credit (pay later)', position: 8 },
];

export interface DefaultShippingMethod {
  code: string;
  name: string;
}

export const DEFAULT_SHIPPING_METHODS: readonly DefaultShippingMethod[] = [
  { code: 'self_delivery', name: 'Self Delivery' },
  { code: 'courier', name: 'Courier' },
  { code: 'transport', name: 'Transport' },
  { code: 'pickup_by_buyer', name: 'Pickup by buyer' },
];

export interface DefaultSalesChannel {
  name: string;
  display_name: string;
}

export const DEFAULT_SALES_CHANNELS: readonly DefaultSalesChannel[] = [
  { name: 'admin', display_name: 'Admin Panel' },
  { name: 'instore', display_name: 'Instore' },
  { name: 'web_store', display_name: 'Web Store' },
  { name: 'mobile_app', display_name: 'Mobile App' },
  { name: 'whatsapp', display_name: 'WhatsApp' },
  { name: 'marketplace', display_name: 'Marketplace' },
];

export interface IndianCity {
  name: string;
  state_gst_code: string;
}

const CITIES_BY_STATE: Readonly<Record<string, readonly string[]>> = {
  '01': ['Srinagar', 'Jammu', 'Anantnag', 'Baramulla'],
  '02': ['Shimla', 'Dharamshala', 'Mandi', 'Solan', 'Kullu'],
  '03': ['Ludhiana', 'Amritsar', 'Jalandhar', 'Patiala', 'Bathinda', 'Mohali'],
  '04': ['Chandigarh'],
  '05': ['Dehradun', 'Haridwar', 'Haldwani', 'Roorkee', 'Rishikesh'],
  '06': ['Gurugram', 'Faridabad', 'Panipat', 'Ambala', 'Hisar', 'Karnal', 'Rohtak', 'Sonipat'],
  '07': ['New Delhi', 'Delhi'],
  '08': ['Jaipur', 'Jodhpur', 'Udaipur', 'Kota', 'Ajmer', 'Bikaner'],
  '09': [
    'Lucknow',
    'Kanpur',
    'Noida',
    'Ghaziabad',
    'Agra',
    'Varanasi',
    'Prayagraj',
    'Meerut',
    'Bareilly',
    'Gorakhpur',
    'Aligarh',
  ],
  '10': ['Patna', 'Gaya', 'Bhagalpur', 'Muzaffarpur', 'Darbhanga'],
  '11': ['Gangtok', 'Namchi'],
  '12': ['Itanagar', 'Naharlagun', 'Pasighat'],
  '13': ['Kohima', 'Dimapur'],
  '14': ['Imphal', 'Thoubal'],
  '15': ['Aizawl', 'Lunglei'],
  '16': ['Agartala', 'Dharmanagar'],
  '17': ['Shillong', 'Tura'],
  '18': ['Guwahati', 'Dibrugarh', 'Silchar', 'Jorhat', 'Tezpur'],
  '19': ['Kolkata', 'Howrah', 'Siliguri', 'Durgapur', 'Asansol', 'Kharagpur'],
  '20': ['Ranchi', 'Jamshedpur', 'Dhanbad', 'Bokaro Steel City', 'Deoghar'],
  '21': ['Bhubaneswar', 'Cuttack', 'Rourkela', 'Berhampur', 'Sambalpur', 'Puri'],
  '22': ['Raipur', 'Bhilai', 'Bilaspur', 'Korba', 'Durg'],
  '23': ['Indore', 'Bhopal', 'Jabalpur', 'Gwalior', 'Ujjain', 'Sagar'],
  '24': ['Ahmedabad', 'Surat', 'Vadodara', 'Rajkot', 'Bhavnagar', 'Jamnagar', 'Gandhinagar', 'Anand'],
  '26': ['Silvassa', 'Daman', 'Diu'],
  '27': [
    'Mumbai',
    'Pune',
    'Nagpur',
    'Thane',
    'Nashik',
    'Chhatrapati Sambhajinagar',
    'Navi Mumbai',
    'Solapur',
    'Kolhapur',
    'Amravati',
  ],
  '29': ['Bengaluru', 'Mysuru', 'Hubballi', 'Mangaluru', 'Belagavi', 'Kalaburagi', 'Davanagere'],
  '30': ['Panaji', 'Margao', 'Vasco da Gama', 'Mapusa'],
  '31': ['Kavaratti'],
  '32': ['Thiruvananthapuram', 'Kochi', 'Kozhikode', 'Thrissur', 'Kollam', 'Kannur'],
  '33': [
    'Chennai',
    'Coimbatore',
    'Madurai',
    'Tiruchirappalli',
    'Salem',
    'Tiruppur',
    'Erode',
    'Vellore',
    'Tirunelveli',
  ],
  '34': ['Puducherry', 'Karaikal'],
  '35': ['Port Blair'],
  '36': ['Hyderabad', 'Warangal', 'Karimnagar', 'Nizamabad', 'Khammam'],
  '37': ['Visakhapatnam', 'Vijayawada', 'Guntur', 'Nellore', 'Tirupati', 'Kurnool', 'Kakinada', 'Amaravati'],
  '38': ['Leh', 'Kargil'],
};

/** A few major cities per state, to seed the city picker; users may type any other city. */
export const INDIAN_CITIES: readonly IndianCity[] = Object.entries(CITIES_BY_STATE).flatMap(
  ([state_gst_code, names]) => names.map((name) => ({ name, state_gst_code })),
);
