import type { SignedUpCompany } from './factories.ts';

/** POST `path` with `bytes` as the multipart file a browser sends; the answer's status and JSON body. */
export async function uploadFile(company: SignedUpCompany, path: string, bytes: Buffer, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${company.t.baseUrl}/${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${company.api.token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

/** GET a stored file by the URL an answer gives it (files are served beside the API, not under it). */
export const fileAt = (company: SignedUpCompany, url: string) =>
  fetch(`${company.t.baseUrl.replace(/\/api$/, '')}${url}`);
