/**
 * Password hashing for console accounts: argon2id through `@node-rs/argon2` (its binaries are npm
 * packages, one per platform, so nothing is compiled or downloaded from elsewhere; checked on Node 22 and
 * 24). Its defaults are OWASP's Password Storage recommendation for argon2id (19 MiB, 2 passes, 1 lane)
 * and are written out here so a library upgrade cannot weaken them silently. A sign-in with an unknown
 * name still verifies against a dummy hash of the same cost, so a wrong name and a wrong password take
 * the same time (docs/console.md, "Signing in").
 */
import { Algorithm, hash, verify } from '@node-rs/argon2';

export const MIN_PASSWORD_LENGTH = 10;
/** Long enough for any passphrase; bounds the hashing work a sign-in form can ask for. */
export const MAX_PASSWORD_LENGTH = 1024;

const PARAMETERS = { algorithm: Algorithm.Argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

let dummy: Promise<string> | undefined;

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  // Spaces pad a password without making it harder to guess: ten of them are no password at all.
  if ([...password.replace(/\s/gu, '')].length < MIN_PASSWORD_LENGTH)
    return `the password must have at least ${MIN_PASSWORD_LENGTH} characters besides spaces`;
  if (length > MAX_PASSWORD_LENGTH) return `the password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return undefined;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, PARAMETERS);
}

/**
 * Whether `password` matches `stored`; with no stored hash (an unknown name) the password is checked
 * against a dummy hash anyway and the answer is false, so both cases cost one argon2id verification.
 */
export async function passwordMatches(stored: string | undefined, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH * 4) return false;
  dummy ??= hashPassword('dramadex console dummy password');
  const matches = await verify(stored ?? (await dummy), password).catch(() => false);
  return stored !== undefined && matches;
}
