import { bulkJobOutput, contactImportDryRunOutput, contactImportQuery } from '@b2b/domain/api/contacts';
import type { Api } from '../../http/api-types.ts';
import { sendCsv } from '../../http/csv.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import * as service from './contact-import.service.ts';
import { readContactsUpload } from './contact-upload.ts';

const tags = ['contacts'];

/**
 * The contacts import of /bulk-import/create-contact: a CSV file in the multipart field `file`,
 * the column mapping as JSON in `?mapping=` (field -> column; guessed from the headers without it).
 *
 * - POST companies/{id}/contact_imports/dry_run: checks every row, writes nothing, answers all the
 *   errors (row, column, message), or with `?error_report=csv` the same list as a CSV download.
 * - POST companies/{id}/contact_imports: starts the import as a bulk job (201 with the job); a
 *   file with errors is recorded as validation_error and imports nothing, unless
 *   `?import_valid_rows=true`. The job's progress: GET bulk_jobs/{id}.
 */
export async function contactImportRoutes(app: Api) {
  const { db, jobs } = app.ctx;
  const spec = {
    permission: 'add_contact',
    tags,
    params: companyParams,
    querystring: contactImportQuery,
    consumes: ['multipart/form-data'],
  };

  route(
    app,
    'POST /companies/:companyId/contact_imports/dry_run',
    { ...spec, response: contactImportDryRunOutput },
    async (request, _actor, reply) => {
      const mapping = service.parseMapping(request.query.mapping);
      const { text } = await readContactsUpload(request);
      const result = await service.dryRunContactImport(db, text, mapping);
      if (request.query.error_report === 'csv')
        return sendCsv(
          reply,
          'contacts-import-errors.csv',
          ['row', 'column', 'message'],
          result.errors.map((e) => [e.row, e.column, e.message]),
        );
      return result;
    },
  );

  route(
    app,
    'POST /companies/:companyId/contact_imports',
    { ...spec, response: bulkJobOutput, status: 201 },
    async (request, actor) => {
      const mapping = service.parseMapping(request.query.mapping);
      const { name, text } = await readContactsUpload(request);
      return service.startContactImport({
        db,
        jobs,
        actor,
        fileName: name,
        text,
        mapping,
        importValidRows: request.query.import_valid_rows === true,
      });
    },
  );
}
