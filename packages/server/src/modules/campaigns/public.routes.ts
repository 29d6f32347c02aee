import { CAMPAIGN_MESSAGES as M } from '@b2b/domain/campaigns';
import { CAMPAIGN_MEDIUMS } from '@b2b/domain/statuses';
import { escapeHtml } from '@b2b/domain/templates';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { companyChanged } from '../../core/company-epoch.ts';
import { AppError } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import { optOutContact } from '../contacts/contacts.service.ts';
import { readClickToken, readUnsubscribeToken, type UnsubscribeClaim } from './campaign-links.ts';

const tags = ['campaigns'];
const tokenParams = z.object({ token: z.string().min(1).max(4096) });
const open = { public: true } as const;

const wantsHtml = (request: FastifyRequest) => /text\/html/.test(String(request.headers.accept ?? ''));
const mediumLabel = (claim: UnsubscribeClaim) =>
  CAMPAIGN_MEDIUMS.find((m) => m.value === claim.medium)?.label ?? claim.medium;

function page(reply: FastifyReply, status: number, title: string, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    );
}

function claimOf(request: FastifyRequest<{ Params: { token: string } }>): UnsubscribeClaim {
  const claim = readUnsubscribeToken(request.server.ctx.secrets.jwt, request.params.token);
  if (!claim) throw new AppError('bad_request', M.unsubscribe_link_invalid);
  return claim;
}

/**
 * The public campaign links (issue 23), outside the marketing switch and without sign-in:
 *   GET  u/{token}    the unsubscribe page (JSON for API callers): says what it will do, with a button
 *   POST u/{token}    opts the contact out of the medium (the button, and mail clients' RFC 8058
 *                     one-click POST 'List-Unsubscribe=One-Click'); the contact's history records it
 *   GET  m/c/{token}  a tracked link: counts the click on the message and redirects to the signed URL
 * Tokens are HMAC-signed (campaign-links.ts); a bad one is a 400 with a sentence.
 */
export async function campaignPublicRoutes(app: Api) {
  await app.register(async (scope) => {
    // Mail clients post the one-click form as application/x-www-form-urlencoded.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    registerPublicRoutes(scope as unknown as Api);
  });
}

function registerPublicRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/u/:token',
    {
      config: open,
      schema: {
        tags,
        description: 'The unsubscribe page of a campaign message’s link: what it will do, and the button.',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      let claim: UnsubscribeClaim;
      try {
        claim = claimOf(request);
      } catch (error) {
        if (wantsHtml(request)) return page(reply, 400, M.unsubscribe_link_invalid, '');
        throw error;
      }
      const consent = await db
        .selectFrom('contact_consents')
        .select('opted_out_at')
        .where('company_id', '=', claim.companyId)
        .where('contact_id', '=', claim.contactId)
        .where('medium', '=', claim.medium)
        .executeTakeFirst();
      const unsubscribed = Boolean(consent?.opted_out_at);
      const label = mediumLabel(claim);
      if (!wantsHtml(request))
        return { medium: claim.medium, unsubscribed, message: unsubscribed ? M.unsubscribed : null };
      if (unsubscribed) return page(reply, 200, 'Unsubscribed', `<p>${escapeHtml(M.unsubscribed)}</p>`);
      return page(
        reply,
        200,
        'Unsubscribe',
        `<p>Stop receiving our ${escapeHtml(label.toLowerCase())} messages?</p><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    '/u/:token',
    {
      config: open,
      schema: {
        tags,
        description:
          'Opts the contact out of the medium (the page’s button, or a mail client’s one-click POST, RFC 8058).',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      let claim: UnsubscribeClaim;
      try {
        claim = claimOf(request);
      } catch (error) {
        if (wantsHtml(request)) return page(reply, 400, M.unsubscribe_link_invalid, '');
        throw error;
      }
      try {
        await optOutContact({
          db,
          actor: { companyId: claim.companyId, userId: null },
          contactId: claim.contactId,
          medium: claim.medium,
          way: 'link',
        });
      } catch (error) {
        // A contact deleted since gets nothing more either way.
        if (!(error instanceof AppError && error.code === 'not_found')) throw error;
      }
      companyChanged(claim.companyId);
      if (wantsHtml(request)) return page(reply, 200, 'Unsubscribed', `<p>${escapeHtml(M.unsubscribed)}</p>`);
      return { medium: claim.medium, unsubscribed: true, message: M.unsubscribed };
    },
  );

  app.get(
    '/m/c/:token',
    {
      config: open,
      schema: {
        tags,
        description:
          'A tracked link of a campaign e-mail: counts the click and redirects (302) to the signed address.',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      const claim = readClickToken(app.ctx.secrets.jwt, request.params.token);
      if (!claim) throw new AppError('bad_request', M.unsubscribe_link_invalid.replace('unsubscribe ', ''));
      await sql`UPDATE campaign_messages
        SET click_count = click_count + 1, first_clicked_at = coalesce(first_clicked_at, now()), updated_at = now()
        WHERE company_id = ${claim.companyId} AND id = ${claim.messageId}`.execute(db);
      companyChanged(claim.companyId);
      return reply.redirect(claim.url, 302);
    },
  );
}
