// argon2id with OWASP's recommended parameters (19 MiB, 2 iterations, 1 lane): strong, and cheap enough that a
// burst of sign-ins on a 2-core server does not queue for seconds.
import argon2 from "argon2";
import { AppError } from "../errors.ts";
import { PASSWORD_COMMON, passwordProblem } from "../../../shared/passwords.ts";
import { isCommonPassword } from "./common-passwords.ts";

export const PRODUCTION_HASH_COST = { memoryCost: 19_456, timeCost: 2 } as const;
let hashCost: { memoryCost: number; timeCost: number } = PRODUCTION_HASH_COST;

/**
 * Test processes only (their helpers call it): a cheap cost, so the hundreds of accounts a suite signs up do not
 * dominate its time. Nothing in the server calls it, and verification reads the cost stored in each hash, so
 * accounts hashed either way still sign in.
 */
export function useCheapPasswordHashesForTests(): void {
  hashCost = { memoryCost: 1024, timeCost: 1 };
}

export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id, ...hashCost, parallelism: 1 });

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the e-mail is unknown so both paths take the same time. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword(`decoy-${Math.random()}`));

/** Every new password (sign-up, staff accounts, change, reset) passes here: 400 with the rule it breaks. */
export function assertAcceptablePassword(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError(400, problem);
  if (isCommonPassword(password)) throw new AppError(400, PASSWORD_COMMON);
}
