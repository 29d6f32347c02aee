import { idParam } from '@b2b/domain/api/common';
import { PAYMENT_MESSAGES } from '@b2b/domain/payments';
import { z } from 'zod';

/** What the payments routes and the refunds routes share: their tag, params and permissions. */
export const tags = ['payments'];
export const companyParams = z.object({ companyId: idParam });
export const idParams = z.object({ id: idParam });

export const VIEW = { permission: 'view_payment_received' } as const;
export const RECORD = {
  permission: 'add_payment_received',
  forbidden: PAYMENT_MESSAGES.forbidden_record,
} as const;
export const CHANGE = { permission: 'change_payment_received' } as const;
