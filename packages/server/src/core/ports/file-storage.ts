// Where uploaded files and generated documents are kept: local disk (storage/file-storage.ts) or S3 (storage/s3-storage.ts).

/** Where uploaded files live: local disk by default, or an S3-compatible bucket (s3-storage.ts). */
export interface FileStorage {
  /** Stores bytes under a key derived from their content and returns the key. */
  put(options: { folder: string; data: Buffer; extension: string }): Promise<string>;
  read(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}
