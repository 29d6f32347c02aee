import { templateCreate } from '@b2b/domain/api/templates';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { createTemplate } from '../modules/templates/templates.service.ts';

/**
 * The demo's templates (issue 23): a payment reminder and a Diwali offer by e-mail, a DLT-registered
 * SMS, a WhatsApp festival offer.
 */
const DEMO_TEMPLATES = [
  {
    medium: 'email',
    name: 'Payment reminder',
    from_name: 'Accounts',
    subject: 'Payment reminder: {outstanding_amount} due on {due_date}',
    html_body:
      '<p>Dear {contact_name},</p><p>This is a gentle reminder that <strong>{outstanding_amount}</strong> is outstanding for {buyer_name}, due on {due_date} against invoice {invoice_number}.</p><p>Please ignore this mail if you have already paid.</p><p>Regards,<br>{company_name}</p><p><a href="{unsubscribe_url}">Unsubscribe</a></p>',
  },
  {
    medium: 'email',
    name: 'Diwali offer',
    from_name: 'Demo Traders',
    subject: 'Diwali offers for {buyer_name}: 10% off with {coupon_code}',
    html_body:
      '<p>Dear {contact_name},</p><p>Light up your shelves this Diwali: <strong>10% off</strong> every order placed before Bhai Dooj with the code <strong>{coupon_code}</strong>.</p><p><a href="{store_url}">Browse the festive catalogue</a></p><p>Happy Diwali from all of us at {company_name}!</p><p><a href="{unsubscribe_url}">Unsubscribe</a></p>',
  },
  {
    medium: 'sms',
    name: 'Payment reminder SMS',
    body: 'Dear {buyer_name}, {outstanding_amount} is due on {due_date}. Please pay to avoid delays. -{company_name}',
    sender_header: 'ACMEDS',
    dlt_template_id: '1207161234567890123',
    dlt_entity_id: '1201159876543210987',
  },
  {
    medium: 'whatsapp',
    name: 'Diwali festival offer',
    language: 'en',
    category: 'marketing',
    header_text: 'Diwali offer',
    body: 'Hi {buyerName}, this Diwali get 10% off on your next order with code {couponCode}. Happy Diwali from {companyName}!',
    footer: 'Reply STOP to opt out',
    buttons: [
      { type: 'url', text: 'Shop now', url: 'https://shop.example.in' },
      { type: 'quick_reply', text: 'Not interested' },
    ],
  },
];

export async function seedDemoTemplates(ctx: AppContext, actor: Principal): Promise<void> {
  for (const template of DEMO_TEMPLATES)
    await createTemplate({ db: ctx.db, actor, input: templateCreate.parse(template) });
}
