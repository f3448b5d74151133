/** The password rule: long rather than clever (NIST SP 800-63B): 12 to 200 characters, not all spaces. */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 200;

/**
 * argon2id (memory-hard) with the library's defaults (19 MiB, 2 passes: OWASP's recommendation),
 * from @node-rs/argon2 (a maintained native build of the reference implementation), loaded with the
 * first password a process checks (a gateway whose people sign in elsewhere never maps it).
 */
const argon2 = () => import('@node-rs/argon2');

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password);
}

/** Whether `password` is the one `stored` was made from (a malformed hash is simply no match). */
export async function passwordMatches(stored: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(stored, password);
  } catch {
    return false;
  }
}

/**
 * A hash of nothing anyone knows, verified when an email has no account, so that an unknown email
 * takes as long as a wrong password (no account enumeration by timing).
 */
let decoy: Promise<string> | undefined;
export async function burnVerification(password: string): Promise<false> {
  decoy ??= hashPassword(`decoy-${Math.random()}-${Date.now()}`);
  await passwordMatches(await decoy, password);
  return false;
}
