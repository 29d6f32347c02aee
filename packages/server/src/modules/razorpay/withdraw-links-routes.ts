import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../core/principal.ts';
import type { LinkScope } from './razorpay.queries.ts';
import { withdrawStaleLinks } from './razorpay.service.ts';

/**
 * The route side of withdrawStaleLinks, for every route that can leave an invoice cancelled or
 * with nothing due (a payment, an allocation, buyer credit, a credit note applied, a write-off, a
 * contra adjustment, a cancel): called once the route's transaction has committed, never inside
 * it, so the live Razorpay links of the invoices in `scope` take no second payment (the links are
 * marked here at once; Razorpay is told by a job, so the answer does not wait for it). Best effort:
 * the change has already happened, so a failure (Razorpay or our own history write) is only
 * logged, never the caller's answer.
 */
export async function withdrawLinksAfterCommit(
  ctx: Parameters<typeof withdrawStaleLinks>[0]['ctx'],
  request: FastifyRequest,
  actor: Pick<Principal, 'companyId' | 'userId'>,
  scope: LinkScope,
): Promise<void> {
  await withdrawStaleLinks({ ctx, companyId: actor.companyId, userId: actor.userId, scope }).catch((error) =>
    request.log.warn({ err: error }, 'Razorpay link not withdrawn'),
  );
}
