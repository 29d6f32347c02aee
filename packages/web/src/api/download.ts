import { request } from './client';
import type { QueryParams } from './types';

/** The file name a Content-Disposition header gives (the UTF-8 form first), or null. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed name: fall back to the plain one.
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header) ?? /filename=([^;]+)/i.exec(header);
  return plain ? plain[1].trim() : null;
}

/**
 * Downloads a file the API answers (a CSV extract) with the signed-in user's token, through the
 * same error handling as every call, and hands it to the browser as a download.
 */
export async function downloadFile(path: string, query: QueryParams, fallbackName: string): Promise<string> {
  const response = await request<Response>(path, { query, raw: true });
  const blob = await response.blob();
  const name = dispositionFileName(response.headers.get('content-disposition')) ?? fallbackName;
  saveBlob(blob, name);
  return name;
}

/** Hands a file made or fetched in the browser to the user as a download. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser reads the blob when the click is handled; free it a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
