import { bulkJobOutput, contactImportDryRunOutput, contactImportQuery } from '@b2b/domain/api/contacts';
import { IMPORT_KIND_SPECS, IMPORT_KINDS, importTemplate } from '@b2b/domain/imports';
import type { Api } from '../../http/api-types.ts';
import { sendCsv } from '../../http/csv.ts';
import { companyParams } from '../../http/path-params.ts';
import { route } from '../../http/route.ts';
import { readImportUpload } from './import-upload.ts';
import * as service from './imports.service.ts';

const tags = ['imports'];

/**
 * The import centre (issue 26), one path for every kind (`products`, ...), each guarded by the
 * create permission of what it imports (updates also need the change permission, row by row):
 *
 * - GET companies/{id}/imports/{kind}/template: the CSV template (headers and an example row).
 * - POST companies/{id}/imports/{kind}/dry_run: a CSV in the multipart field `file`, the mapping
 *   as JSON in `?mapping=` (field -> column; guessed from the headers without it); checks every
 *   row, writes nothing, answers every error (row, column, message), or with
 *   `?error_report=csv` the same list as a CSV download.
 * - POST companies/{id}/imports/{kind}: starts the import as a bulk job (201 with the job); a file
 *   with errors is recorded as validation_error and imports nothing, unless
 *   `?import_valid_rows=true`. Its progress: GET bulk_jobs/{id}.
 */
export async function importsRoutes(app: Api) {
  const { db, jobs } = app.ctx;
  for (const kind of IMPORT_KINDS) {
    const { permission } = IMPORT_KIND_SPECS[kind];
    const upload = {
      permission,
      tags,
      params: companyParams,
      querystring: contactImportQuery,
      consumes: ['multipart/form-data'],
    };

    route(
      app,
      `GET /companies/:companyId/imports/${kind}/template`,
      { permission, tags, params: companyParams },
      async (_request, _actor, reply) => {
        const { headers, example } = importTemplate(kind);
        return sendCsv(reply, `${kind}-import-template.csv`, headers, [example]);
      },
    );

    route(
      app,
      `POST /companies/:companyId/imports/${kind}/dry_run`,
      { ...upload, response: contactImportDryRunOutput },
      async (request, actor, reply) => {
        const mapping = service.parseImportMapping(kind, request.query.mapping);
        const { text } = await readImportUpload(request);
        const result = await service.dryRunImport({ db, actor, kind, text, mapping });
        if (request.query.error_report === 'csv')
          return sendCsv(
            reply,
            `${kind}-import-errors.csv`,
            ['row', 'column', 'message'],
            result.errors.map((e) => [e.row, e.column, e.message]),
          );
        return result;
      },
    );

    route(
      app,
      `POST /companies/:companyId/imports/${kind}`,
      { ...upload, response: bulkJobOutput, status: 201 },
      async (request, actor) => {
        const mapping = service.parseImportMapping(kind, request.query.mapping);
        const { name, text } = await readImportUpload(request);
        return service.startImport({
          db,
          jobs,
          actor,
          kind,
          fileName: name,
          text,
          mapping,
          importValidRows: request.query.import_valid_rows === true,
        });
      },
    );
  }
}
