import type { CampaignMedium } from '@b2b/domain/statuses';
import type { MessageSender } from './sender.ts';

/**
 * The sender of each medium (see sender.ts). A medium without one here cannot be chosen for a
 * campaign: the campaign is refused with the medium's 'not configured' sentence.
 */
export const SENDERS: Partial<Record<CampaignMedium, MessageSender>> = {};
