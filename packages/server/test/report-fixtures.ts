import type { SignedUpCompany } from './factories.ts';

/** The path of a report of the engine: GET admin/companies/{id}/reports/{key}. */
export const reportPath = (company: SignedUpCompany, key: string) =>
  `admin/companies/${company.companyId}/reports/${key}`;

/** A report's CSV as the server streams it (format=csv in `path`), and the response. */
export async function reportCsv(company: SignedUpCompany, path: string) {
  const res = await fetch(`${company.t.baseUrl}/${path}`, {
    headers: { authorization: `Bearer ${company.api.token}` },
  });
  return { res, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
}
