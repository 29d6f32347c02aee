import type { CampaignMedium } from '@b2b/domain/statuses';
import { emailSender } from './email.sender.ts';
import { pushSender } from './push.sender.ts';
import type { MessageSender } from './sender.ts';
import { smsSender } from './sms.sender.ts';
import { whatsappSender } from './whatsapp.sender.ts';

/**
 * The sender of each medium (see sender.ts). A medium without one here cannot be chosen for a
 * campaign: the campaign is refused with the medium's 'not configured' sentence.
 */
export const SENDERS: Partial<Record<CampaignMedium, MessageSender>> = {
  email: emailSender,
  sms: smsSender,
  whatsapp: whatsappSender,
  push_notification: pushSender,
};
