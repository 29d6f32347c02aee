import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { saveSupportCenter } from '../modules/support-center/support-center.service.ts';
import { receiveIncoming } from '../modules/whatsapp-support/whatsapp-support.service.ts';

const HOUR_MS = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR_MS);

/**
 * The demo's WhatsApp support (issue 24): three buyers' messages as Meta's webhook delivers them
 * (a buyer asking about a dispatch, a retailer asking for the Diwali price list, a payment to
 * confirm, written three days ago so its 24-hour window is over), and a filled support center.
 * Replies need the company's own WhatsApp number, which the demo leaves unconfigured.
 */
export async function seedDemoWhatsappSupport(ctx: AppContext, actor: Principal): Promise<void> {
  const stamp = Date.now().toString(36);
  await receiveIncoming(ctx, actor.companyId, [
    {
      waMessageId: `wamid.demo.${stamp}.1`,
      waNumber: '919820345671',
      profileName: 'Rajesh Mehta',
      type: 'text',
      body: 'Namaste, our order of 24 pressure cookers - has it been dispatched? Please share the tracking link.',
      at: ago(2),
    },
    {
      waMessageId: `wamid.demo.${stamp}.2`,
      waNumber: '919822011002',
      profileName: 'Snehal Patil',
      type: 'text',
      body: 'Hi, do you have the Diwali price list for kitchen appliances? I saw your offer on www.demo.in',
      at: ago(5),
    },
    {
      waMessageId: `wamid.demo.${stamp}.3`,
      waNumber: '919811223344',
      profileName: 'Farhan Qureshi',
      type: 'text',
      body: 'Payment of Rs 18,450 done by UPI, UTR 432187651234. Kindly confirm and send the receipt.',
      at: ago(72),
    },
  ]);
  const open = { is_open: true, opens: '09:30', closes: '19:00' };
  await saveSupportCenter({
    db: ctx.db,
    actor,
    input: {
      phone: '9876543210',
      email: 'support@demo.in',
      whatsapp_number: '9876543210',
      hours: [
        { weekday: 'monday', ...open },
        { weekday: 'tuesday', ...open },
        { weekday: 'wednesday', ...open },
        { weekday: 'thursday', ...open },
        { weekday: 'friday', ...open },
        { weekday: 'saturday', is_open: true, opens: '10:00', closes: '14:00' },
        { weekday: 'sunday', is_open: false, opens: null, closes: null },
      ],
      faqs: [
        {
          question: 'When will my order be dispatched?',
          answer:
            'Orders confirmed before 2 pm are dispatched the same working day from Mumbai or Bengaluru.',
        },
        {
          question: 'Do you give GST invoices?',
          answer: 'Yes. Every order comes with a GST invoice; add your GSTIN to claim input tax credit.',
        },
        {
          question: 'How can I pay?',
          answer:
            'By UPI, NEFT/RTGS or cheque. Buyers with a credit limit can pay within their payment terms.',
        },
        {
          question: 'What if a product arrives damaged?',
          answer:
            'Send us a photo on WhatsApp within 48 hours of delivery; we replace it or issue a credit note.',
        },
      ],
    },
  });
}
