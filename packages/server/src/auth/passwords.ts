import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot import). */
const ARGON2ID = 2;

// OWASP's argon2id baseline: 19 MiB memory, 2 passes, 1 lane.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Compared against when the username is unknown, so a miss costs the same time as a wrong password. */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => {
  decoyHash ??= hashPassword('decoy-password-for-timing');
  return decoyHash;
};
