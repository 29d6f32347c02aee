import { idParam } from '@b2b/domain/api/common';
import {
  companyOutput,
  companyUpdate,
  configurationCreate,
  configurationListFilters,
  configurationOutput,
  configurationUpdate,
  notificationContactInput,
  notificationContactOutput,
  notificationContactUpdate,
  termsInput,
  termsOutput,
} from '@b2b/domain/api/companies';
import { csvList } from '@b2b/domain/api/list-query';
import { z } from 'zod';
import { forgetPrincipals } from '../../auth/load-principal.ts';
import { notFound } from '../../core/errors.ts';
import type { Api } from '../../http/api-types.ts';
import { requirePrincipal } from '../../http/guard.ts';
import { readImageUpload } from '../../storage/uploads.ts';
import * as service from './companies.service.ts';

const companyParams = z.object({ companyId: idParam });
const tags = ['companies'];

export async function companiesRoutes(app: Api) {
  const { db } = app.ctx;

  app.get(
    '/companies/:companyId',
    {
      config: { cache: true },
      schema: {
        tags,
        params: companyParams,
        querystring: z.object({ expand: z.string().optional() }),
        response: { 200: companyOutput },
      },
    },
    async (request) =>
      service.getCompany(db, request.params.companyId, {
        expandAddresses: csvList(request.query.expand).includes('addresses'),
      }),
  );

  app.patch(
    '/companies/:companyId',
    {
      config: { permission: 'change_company' },
      schema: { tags, params: companyParams, body: companyUpdate, response: { 200: companyOutput } },
    },
    async (request) => {
      const company = await service.updateCompany({
        db,
        actor: requirePrincipal(request),
        changes: request.body,
      });
      forgetPrincipals(company.id);
      return company;
    },
  );

  app.get(
    '/v1/admin/companies/:companyId/is_marketing_enabled',
    {
      schema: {
        tags,
        params: companyParams,
        response: { 200: z.object({ is_marketing_enabled: z.boolean() }) },
      },
    },
    async (request) => {
      const company = await service.getCompany(db, request.params.companyId);
      return { is_marketing_enabled: company.is_marketing_enabled };
    },
  );

  app.get(
    '/company_configurations',
    {
      config: { cache: true },
      schema: {
        tags,
        querystring: configurationListFilters,
        response: { 200: z.array(configurationOutput) },
      },
    },
    async (request) =>
      service.listConfigurations({
        db,
        actor: requirePrincipal(request),
        type: request.query.configuration_type,
      }),
  );

  app.post(
    '/company_configurations',
    {
      config: { permission: 'change_configuration' },
      schema: { tags, body: configurationCreate, response: { 201: configurationOutput } },
    },
    async (request, reply) => {
      const row = await service.createConfiguration(db, requirePrincipal(request), request.body);
      return reply.status(201).send(row);
    },
  );

  app.patch(
    '/company_configurations/:id',
    {
      config: { permission: 'change_configuration' },
      schema: {
        tags,
        params: z.object({ id: idParam }),
        body: configurationUpdate,
        response: { 200: configurationOutput },
      },
    },
    async (request) =>
      service.updateConfiguration(db, requirePrincipal(request), request.params.id, request.body),
  );

  const termsPath = '/admin/companies/:companyId/terms-and-conditions';
  app.get(
    termsPath,
    { config: { cache: true }, schema: { tags, params: companyParams, response: { 200: termsOutput } } },
    async (request) => {
      const terms = await service.getTerms(db, request.params.companyId);
      if (!terms) throw notFound('Terms and Conditions');
      return terms;
    },
  );
  for (const method of ['post', 'patch'] as const) {
    app[method](
      termsPath,
      {
        config: { permission: 'change_company' },
        schema: { tags, params: companyParams, body: termsInput, response: { 200: termsOutput } },
      },
      async (request) => service.saveTerms(db, requirePrincipal(request), request.body.terms),
    );
  }

  app.post(
    '/companies/:companyId/logo',
    {
      config: { permission: 'change_company' },
      schema: {
        tags,
        params: companyParams,
        consumes: ['multipart/form-data'],
        response: { 200: companyOutput },
      },
    },
    async (request) => {
      const { data, kind } = await readImageUpload(request);
      return service.replaceLogo({
        db,
        storage: app.ctx.storage,
        actor: requirePrincipal(request),
        image: { data, extension: kind.extension },
      });
    },
  );

  app.delete(
    '/companies/:companyId/logo',
    {
      config: { permission: 'change_company' },
      schema: { tags, params: companyParams, response: { 200: companyOutput } },
    },
    async (request) =>
      service.replaceLogo({ db, storage: app.ctx.storage, actor: requirePrincipal(request), image: null }),
  );

  app.post(
    '/companies/:companyId/notification_contacts',
    {
      config: { permission: 'change_company' },
      schema: {
        tags,
        params: companyParams,
        body: notificationContactInput,
        response: { 201: notificationContactOutput },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.addNotificationContact(db, requirePrincipal(request), request.body)),
  );

  const contactParams = z.object({ id: idParam });
  app.patch(
    '/notification_contacts/:id',
    {
      config: { permission: 'change_company' },
      schema: {
        tags,
        params: contactParams,
        body: notificationContactUpdate,
        response: { 200: notificationContactOutput },
      },
    },
    async (request) =>
      service.updateNotificationContact(db, requirePrincipal(request), request.params.id, request.body),
  );

  app.delete(
    '/notification_contacts/:id',
    { config: { permission: 'change_company' }, schema: { tags, params: contactParams } },
    async (request, reply) => {
      await service.deleteNotificationContact(db, requirePrincipal(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
