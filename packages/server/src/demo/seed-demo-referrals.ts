import { referralInviteInput, referralProgramInput } from '@b2b/domain/api/referrals';
import type { Principal } from '../core/principal.ts';
import type { Database } from '../db/database.ts';
import { rewardReferral } from '../modules/referrals/referral-rewards.ts';
import {
  cancelReferral,
  linkBuyer,
  recordInvite,
  saveProgram,
} from '../modules/referrals/referrals.service.ts';
import { lookup, type step as Step } from './seed-demo-support.ts';

/**
 * The demo's referral program: 100 cashpoints for the referrer and 50 for the new buyer on a first
 * order of ₹5,000 or more. Pune Electric Stores brought in Anand Rao (signed up, rewarded by hand),
 * two invites are still open, and one was cancelled.
 */
export async function seedDemoReferrals(
  db: Database,
  actor: Principal,
  refs: { buyers: Map<string, number> },
  step: typeof Step,
) {
  const buyer = (name: string) => lookup(refs.buyers, name, 'buyer');
  await step('referral program', () =>
    saveProgram({
      db,
      actor,
      input: referralProgramInput.parse({
        is_active: true,
        referrer_reward: { type: 'cashpoints', points: 100, validity_days: 180 },
        referred_reward: { type: 'cashpoints', points: 50, validity_days: 90 },
        min_first_order_value: 5000,
        code_prefix: 'REF',
      }),
    }),
  );
  const invite = (referrer: string, contact: Record<string, string>) =>
    step(`referral invite by ${referrer}`, () =>
      recordInvite({
        db,
        actor,
        input: referralInviteInput.parse({ referrer: buyer(referrer), ...contact }),
      }),
    );

  const anand = await invite('Pune Electric Stores', {
    contact_name: 'Anand Rao',
    contact_phone: '9902876543',
  });
  await step('Anand Rao signed up', () =>
    linkBuyer({ db, actor, referralId: anand.id, buyerId: buyer('Anand Rao') }),
  );
  await step('Anand Rao rewarded', () => rewardReferral({ db, actor, referralId: anand.id }));

  await invite('Mehta Kitchen World', { contact_name: 'Farhan Shaikh', contact_phone: '9820145678' });
  await invite('Sri Lakshmi Appliances', {
    contact_name: 'Geeta Iyer',
    contact_email: 'geeta.iyer@rediffmail.com',
  });
  const cancelled = await invite('Nashik Home Needs', {
    contact_name: 'Harish Pawar',
    contact_phone: '9423098765',
  });
  await step('referral cancelled', () => cancelReferral({ db, actor, referralId: cancelled.id }));
}
