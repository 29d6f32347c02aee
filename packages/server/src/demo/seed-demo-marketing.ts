import { contactCreate, contactListCreate } from '@b2b/domain/api/contacts';
import type { AppContext } from '../app-context.ts';
import type { Principal } from '../core/principal.ts';
import { updateCompany } from '../modules/companies/companies.service.ts';
import { createContactList } from '../modules/contact-lists/contact-lists.service.ts';
import { createContact } from '../modules/contacts/contacts.service.ts';

/** Contacts who are not buyers (buyers' contacts come with the buyers): retailers met at trade fairs. */
const DEMO_CONTACTS = [
  {
    name: 'Rohit Deshpande',
    phone: '9822011001',
    email: 'rohit@deshpandestores.in',
    city: 'Pune',
    tags: ['retail', 'diwali'],
    consents: { email: true, whatsapp: true },
  },
  {
    name: 'Snehal Patil',
    phone: '9822011002',
    city: 'Pune',
    tags: ['retail'],
    consents: { sms: true, whatsapp: true },
  },
  {
    name: 'Farhan Qureshi',
    phone: '9822011003',
    email: 'farhan@qureshitraders.in',
    city: 'Mumbai',
    tags: ['wholesale', 'diwali'],
    consents: { email: true },
  },
  {
    name: 'Lata Menon',
    phone: '9822011004',
    city: 'Mumbai',
    tags: ['wholesale'],
    consents: { whatsapp: true },
  },
  {
    name: 'Gurpreet Sandhu',
    phone: '9822011005',
    email: 'gurpreet@sandhuagencies.in',
    city: 'Nashik',
    tags: ['distributor'],
    consents: { email: true, sms: true },
  },
  {
    name: 'Kavya Iyer',
    email: 'kavya@iyerhomestore.in',
    city: 'Pune',
    tags: ['retail', 'trade fair'],
    consents: { email: true },
  },
];

/**
 * Marketing's demo (issue 23): the switch on, a few contacts besides the buyers' own, a static list
 * chosen by hand and a dynamic one (every contact in Pune).
 */
export async function seedDemoMarketing(ctx: AppContext, actor: Principal): Promise<void> {
  const { db } = ctx;
  await updateCompany({ db, actor, changes: { is_marketing_enabled: true } });
  const ids: number[] = [];
  for (const contact of DEMO_CONTACTS) {
    const created = await createContact({
      db,
      actor,
      input: contactCreate.parse({ ...contact, state_id: 27 }),
    });
    ids.push(created.id);
  }
  await createContactList({
    db,
    actor,
    input: contactListCreate.parse({
      name: 'Diwali greetings',
      description: 'Retailers and wholesalers who asked for the Diwali catalogue.',
      kind: 'static',
      contacts: [ids[0], ids[2], ids[3]],
    }),
  });
  await createContactList({
    db,
    actor,
    input: contactListCreate.parse({
      name: 'Pune contacts',
      description: 'Everyone in Pune, buyers included: it follows the contacts as they change.',
      kind: 'dynamic',
      filters: { cities: ['Pune'] },
    }),
  });
  await seedDemoContactImport(ctx, actor);
}

/**
 * The trade fair's contacts came in by a CSV import ten days ago (the Import Center shows it): two
 * rows were refused and the rest imported, as 'import the valid rows' does. Its file is not kept.
 */
async function seedDemoContactImport(ctx: AppContext, actor: Principal): Promise<void> {
  const finished = new Date(Date.now() - 10 * 86_400_000);
  await ctx.db
    .insertInto('bulk_jobs')
    .values({
      company_id: actor.companyId,
      kind: 'create_contact',
      status: 'partial_success',
      file_name: 'pune-trade-fair-contacts.csv',
      options: JSON.stringify({ import_valid_rows: true }),
      total_rows: 48,
      processed_rows: 48,
      created_count: 41,
      updated_count: 5,
      failed_count: 2,
      errors: JSON.stringify([
        { row: 17, column: 'phone', message: 'Please enter a valid 10-digit phone number.' },
        { row: 33, column: 'email', message: 'Please enter a valid email address.' },
      ]),
      created_by: actor.userId,
      started_at: new Date(finished.getTime() - 40_000),
      finished_at: finished,
      created_at: new Date(finished.getTime() - 45_000),
      updated_at: finished,
    })
    .execute();
}
