import {
  appDownloadOutput,
  companyOutput,
  companyUpdate,
  configurationCreate,
  configurationListFilters,
  configurationOutput,
  configurationUpdate,
  notificationContactInput,
  notificationContactOutput,
  notificationContactUpdate,
  PRINT_SIGNATURE_FORMATS_MESSAGE,
  policyInput,
  policyOutput,
  printSignatureOutput,
  termsInput,
  termsOutput,
} from '@b2b/domain/api/companies';
import { csvList } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import { forgetPrincipals } from '../../auth/load-principal.ts';
import { AppError, notFound } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import { companyParams, recordParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { readImageUpload } from '../../storage/uploads.ts';
import * as service from './companies.service.ts';
import { printSignatureState, replacePrintSignature } from './print-settings.ts';

const tags = ['companies'];

export async function companiesRoutes(app: Api) {
  // The file storage is read per request (app.ctx.storage), not kept here: a test swaps it for S3.
  const { db } = app.ctx;
  const company = { tags, params: companyParams };
  const changeCompany = { ...company, permission: 'change_company' };
  const changeConfiguration = { permission: 'change_configuration', tags, response: configurationOutput };

  route(
    app,
    'GET /companies/:companyId',
    {
      ...company,
      cache: true,
      querystring: z.object({ expand: z.string().optional() }),
      response: companyOutput,
    },
    (request) =>
      service.getCompany(db, request.params.companyId, {
        expandAddresses: csvList(request.query.expand).includes('addresses'),
      }),
  );

  route(
    app,
    'PATCH /companies/:companyId',
    { ...changeCompany, body: companyUpdate, response: companyOutput },
    async (request, actor) => {
      const changed = await service.updateCompany({ db, actor, changes: request.body });
      forgetPrincipals(changed.id);
      return changed;
    },
  );

  route(
    app,
    'GET /v1/admin/companies/:companyId/is_marketing_enabled',
    { ...company, response: z.object({ is_marketing_enabled: z.boolean() }) },
    async (request) => {
      const { is_marketing_enabled } = await service.getCompany(db, request.params.companyId);
      return { is_marketing_enabled };
    },
  );

  route(
    app,
    'GET /company_configurations',
    { cache: true, tags, querystring: configurationListFilters, response: z.array(configurationOutput) },
    (request, actor) => service.listConfigurations({ db, actor, type: request.query.configuration_type }),
  );

  route(
    app,
    'POST /company_configurations',
    { ...changeConfiguration, body: configurationCreate, status: 201 },
    (request, actor) => service.createConfiguration(db, actor, request.body),
  );

  route(
    app,
    'PATCH /company_configurations/:id',
    { ...changeConfiguration, params: recordParams, body: configurationUpdate },
    (request, actor) => service.updateConfiguration(db, actor, request.params.id, request.body),
  );

  route(
    app,
    'GET /admin/companies/:companyId/terms-and-conditions',
    { ...company, cache: true, response: termsOutput },
    async (request) => {
      const terms = await service.getTerms(db, request.params.companyId);
      if (!terms) throw notFound('Terms and Conditions');
      return terms;
    },
  );
  for (const method of ['POST', 'PATCH'] as const) {
    route(
      app,
      `${method} /admin/companies/:companyId/terms-and-conditions`,
      { ...changeCompany, body: termsInput, response: termsOutput },
      (request, actor) => service.saveTerms(db, actor, request.body.terms),
    );
  }

  // The Policy page (issue 24): every member reads it; whoever may change the company writes it.
  route(
    app,
    'GET /admin/companies/:companyId/policy',
    { ...company, cache: true, response: policyOutput },
    (request) => service.getPolicy(db, request.params.companyId),
  );
  route(
    app,
    'PUT /admin/companies/:companyId/policy',
    { ...changeCompany, body: policyInput, response: policyOutput },
    (request, actor) => service.savePolicy(db, actor, request.body),
  );

  // The /download-app card (issue 24): the store links set on Configurations, with their QR codes.
  route(
    app,
    'GET /admin/companies/:companyId/app_download',
    { ...company, cache: true, response: appDownloadOutput },
    (request) => service.getAppDownload(db, request.params.companyId),
  );

  route(
    app,
    'POST /companies/:companyId/logo',
    { ...changeCompany, consumes: ['multipart/form-data'], response: companyOutput },
    async (request, actor) => {
      const { data, kind } = await readImageUpload(request);
      return service.replaceLogo({
        db,
        storage: app.ctx.storage,
        actor,
        image: { data, extension: kind.extension },
      });
    },
  );

  route(
    app,
    'DELETE /companies/:companyId/logo',
    { ...changeCompany, response: companyOutput },
    (_request, actor) => service.replaceLogo({ db, storage: app.ctx.storage, actor, image: null }),
  );

  // print_configuration's signature image (issue 26): PNG or JPEG, which the PDFs can draw.
  route(
    app,
    'GET /companies/:companyId/print_signature',
    { ...company, permission: 'view_configuration', response: printSignatureOutput },
    (request) => printSignatureState(db, request.params.companyId),
  );

  route(
    app,
    'POST /companies/:companyId/print_signature',
    {
      ...company,
      permission: 'change_configuration',
      consumes: ['multipart/form-data'],
      response: printSignatureOutput,
    },
    async (request, actor) => {
      const { data, kind } = await readImageUpload(request);
      if (kind.extension !== 'png' && kind.extension !== 'jpg') {
        throw new AppError('validation_error', PRINT_SIGNATURE_FORMATS_MESSAGE, {
          errors: { file: [PRINT_SIGNATURE_FORMATS_MESSAGE] },
        });
      }
      const image = { data, extension: kind.extension };
      return replacePrintSignature({ db, storage: app.ctx.storage, actor, image });
    },
  );

  route(
    app,
    'DELETE /companies/:companyId/print_signature',
    { ...company, permission: 'change_configuration', response: printSignatureOutput },
    (_request, actor) => replacePrintSignature({ db, storage: app.ctx.storage, actor, image: null }),
  );

  route(
    app,
    'POST /companies/:companyId/notification_contacts',
    { ...changeCompany, body: notificationContactInput, response: notificationContactOutput, status: 201 },
    (request, actor) => service.addNotificationContact(db, actor, request.body),
  );

  const contact = { permission: 'change_company', tags, params: recordParams };
  route(
    app,
    'PATCH /notification_contacts/:id',
    { ...contact, body: notificationContactUpdate, response: notificationContactOutput },
    (request, actor) => service.updateNotificationContact(db, actor, request.params.id, request.body),
  );

  route(app, 'DELETE /notification_contacts/:id', contact, (request, actor) =>
    service.deleteNotificationContact(db, actor, request.params.id),
  );
}
