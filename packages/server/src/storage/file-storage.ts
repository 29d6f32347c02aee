import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from '../core/ports/file-storage.ts';

const SAFE_KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[a-f0-9]{32}\.(png|jpg|webp|pdf)$/;

export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

/**
 * Content-addressed names: the same bytes keep the same URL, so it can be cached for ever. Every
 * store derives keys with this one function, so moving files between stores keeps their URLs.
 */
export function contentKey(folder: string, data: Buffer, extension: string): string {
  return `${folder}/${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${extension}`;
}

export function localDiskStorage(root: string): FileStorage {
  const fullPath = (key: string) => {
    if (!isSafeKey(key)) throw new Error(`Unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put({ folder, data, extension }) {
      const key = contentKey(folder, data, extension);
      const file = fullPath(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, data);
      return key;
    },
    async read(key) {
      if (!isSafeKey(key)) return undefined;
      return fs.readFile(fullPath(key)).catch(() => undefined);
    },
    async remove(key) {
      await fs.rm(fullPath(key), { force: true });
    },
  };
}

export interface ImageKind {
  extension: 'png' | 'jpg' | 'webp';
  contentType: string;
}

/** Decides the type from the bytes themselves, never from the name or the client's content type. */
export function sniffImage(data: Buffer): ImageKind | undefined {
  if (
    data.length > 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return { extension: 'png', contentType: 'image/png' };
  }
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return { extension: 'jpg', contentType: 'image/jpeg' };
  if (
    data.length > 12 &&
    data.toString('ascii', 0, 4) === 'RIFF' &&
    data.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return { extension: 'webp', contentType: 'image/webp' };
  }
  return undefined;
}

export const contentTypeOf = (key: string) =>
  key.endsWith('.png')
    ? 'image/png'
    : key.endsWith('.webp')
      ? 'image/webp'
      : key.endsWith('.pdf')
        ? 'application/pdf'
        : 'image/jpeg';
