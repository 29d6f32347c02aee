import { leadCreate } from '@b2b/domain/api/leads';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { createConfiguration, savePolicy } from '../modules/companies/companies.service.ts';
import { createLead } from '../modules/leads/leads.service.ts';

/** The demo company's app in the stores (the /download-app card shows them with QR codes). */
export const DEMO_APP_LINKS = {
  android_url: 'https://play.google.com/store/apps/details?id=in.sharmatraders.orders',
  ios_url: 'https://apps.apple.com/in/app/sharma-traders-orders/id6450012345',
};

const TERMS = `1. Prices are in Indian rupees and include GST unless the invoice says otherwise.
2. Goods once delivered may be returned within 7 days if unused and in their original packing.
3. Payment is due within the credit period agreed with your account; overdue amounts carry 18% a year.
4. Disputes are subject to the courts of Pune, Maharashtra.`;

const PRIVACY = `We keep your business name, GSTIN, addresses, phone number and e-mail address to quote, invoice and deliver your orders, and to file our GST returns.
We send you offers on WhatsApp, SMS or e-mail only with your consent; reply STOP or use the unsubscribe link to stop them.
We never sell your details. Write to privacy@sharmatraders.in to see, correct or delete what we hold about you.`;

/** Prospects who came from adverts and campaigns, with the UTM parameters their enquiry carried. */
const ATTRIBUTED_LEADS = [
  {
    name: 'Navkar Electricals',
    contact_person_name: 'Jignesh Shah',
    phone: '9823012011',
    source: 'url',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'led-battens-pune',
    status: 'contacted',
  },
  {
    name: 'Sai Krupa Home Appliances',
    contact_person_name: 'Rohit Pawar',
    phone: '9823012012',
    source: 'url',
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'led-battens-pune',
    status: 'interested',
  },
  {
    name: 'Deccan Lighting House',
    contact_person_name: 'Farah Khan',
    phone: '9823012013',
    source: 'campaign',
    utm_source: 'facebook',
    utm_medium: 'paid-social',
    utm_campaign: 'diwali-offers-2026',
    utm_ad: 'diwali-carousel',
    utm_adgp: 'retailers-maharashtra',
    status: 'new',
  },
  {
    name: 'Patil Kitchen World',
    contact_person_name: 'Sandeep Patil',
    phone: '9823012014',
    source: 'campaign',
    utm_source: 'whatsapp',
    utm_medium: 'social',
    utm_campaign: 'diwali-offers-2026',
    status: 'need_follow_up',
  },
] as const;

/**
 * The demo of issue 24's attribution, app download and policy: store links for the app card, the
 * terms and privacy policy of the Policy page, and leads from Google, Facebook and WhatsApp
 * adverts, so Leads by Source has rows to show beside the walk-ins and referrals. (None is
 * converted: the demo's buyers are its fixed six; Buyers by Source shows them as Direct.)
 */
export async function seedDemoAttribution(ctx: AppContext, actor: Principal): Promise<void> {
  const { db } = ctx;
  await createConfiguration(db, actor, {
    configuration_type: 'app_download',
    configurations: DEMO_APP_LINKS,
    is_enabled: true,
  });
  await savePolicy(db, actor, { terms: TERMS, privacy_policy: PRIVACY });
  for (const lead of ATTRIBUTED_LEADS) await createLead({ db, actor, input: leadCreate.parse(lead) });
}
