// Accounts: sign-up and sign-in for shoppers (docs/product/accounts.md) and sign-in for staff.
import type { Db, PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { BAD_EMAIL, EMAIL_PATTERN } from "../../../shared/checkout.ts";
import { personNameProblem } from "../../../shared/names.ts";
import { AppError, SESSION_EXPIRED } from "../errors.ts";
import { assertAcceptablePassword, decoyHash, hashPassword, verifyPassword } from "./passwords.ts";
import { usersRepository, type UserRow } from "./repository.ts";
import type { TokenService } from "./tokens.ts";
import { LOGIN_LIMITS, type AttemptLimiter } from "./attempt-limiter.ts";
import { tokenDigest, type Sessions } from "./sessions.ts";
import type { StaffRole } from "../../../shared/roles.ts";

const INVALID_CREDENTIALS = "Email ou palavra-passe inválidos";
const TOO_MANY_ATTEMPTS = "Demasiadas tentativas de login falhadas. Tente novamente dentro de 15 minutos.";

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The sign-up rules (docs/product/accounts.md#sign-up-rules), checked here too so no client can skip them. */
function checkSignUp(input: { name: string; email: string; password: string }): void {
  if (!input.name.trim()) throw new AppError(400, "Nome é obrigatório");
  // The name goes into the shop's mails: no link, e-mail, IBAN or second line (docs/product/accounts.md#names).
  const nameProblem = personNameProblem(input.name.trim());
  if (nameProblem) throw new AppError(400, nameProblem);
  if (!input.email.trim()) throw new AppError(400, "Email é obrigatório");
  if (!EMAIL_PATTERN.test(input.email.trim())) throw new AppError(400, BAD_EMAIL);
  assertAcceptablePassword(input.password);
}

export async function registerCustomer(db: Db, tokens: TokenService, input: { name: string; email: string; password: string }) {
  checkSignUp(input);
  const email = normaliseEmail(input.email);
  const users = usersRepository(db);
  if (await users.findByEmail(email)) throw new AppError(409, "Já existe uma conta com este email");
  let user: UserRow;
  try {
    user = await users.create({ name: input.name.trim(), email, passwordHash: await hashPassword(input.password), role: "customer" });
  } catch (error) {
    // Two sign-ups with one e-mail at the same moment: the unique index decides.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw new AppError(409, "Já existe uma conta com este email");
    throw error;
  }
  return { user, token: await tokens.sign({ userId: user.id, role: user.role, sessionVersion: user.sessionVersion }) };
}

/**
 * Checks an e-mail and password. Unknown e-mail and wrong password give the same status and message, and take
 * the same time (a decoy hash is verified), so the login cannot be used to find out who has an account.
 */
async function authenticate(
  db: Db,
  attempts: AttemptLimiter,
  clientKey: string,
  input: { email: string; password: string },
  accept: (user: UserRow) => boolean,
): Promise<UserRow> {
  const email = normaliseEmail(input.email);
  // Counted before the password is checked (concurrent guesses cannot overtake the count), per account whatever
  // the address and per address whatever the account. Unknown e-mails are counted alike: nothing tells them apart.
  const accountKey = `login:account:${email}`;
  const addressKey = `login:address:${clientKey}`;
  const account = await attempts.take(accountKey, LOGIN_LIMITS.perAccount);
  const address = await attempts.take(addressKey, LOGIN_LIMITS.perAddress);
  if (!account.allowed || !address.allowed) throw new AppError(429, TOO_MANY_ATTEMPTS);
  const user = email && input.password ? await usersRepository(db).findByEmail(email) : null;
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), input.password);
  if (!user || !user.passwordHash || !ok || !user.active || !accept(user)) throw new AppError(400, INVALID_CREDENTIALS);
  // The account's owner proved who they are: its failures go. The address keeps everyone else's failures and
  // loses only this attempt (an attacker's own good sign-in does not wipe their failures on other accounts).
  await attempts.clear(accountKey);
  await attempts.giveBack(addressKey);
  return user;
}

export async function loginCustomer(
  db: Db,
  tokens: TokenService,
  attempts: AttemptLimiter,
  clientKey: string,
  input: { email: string; password: string },
) {
  if (!input.email.trim()) throw new AppError(400, "Email é obrigatório");
  if (!input.password) throw new AppError(400, "Password é obrigatório");
  // Staff may shop with their account too; the staff console is the only place that requires a staff role.
  const user = await authenticate(db, attempts, clientKey, input, () => true);
  return { user, token: await tokens.sign({ userId: user.id, role: user.role, sessionVersion: user.sessionVersion }) };
}

export async function loginStaff(
  db: Db,
  tokens: TokenService,
  attempts: AttemptLimiter,
  clientKey: string,
  input: { email: string; password: string },
) {
  const user = await authenticate(db, attempts, clientKey, input, (u) => u.role === "admin" || u.role === "support");
  return { user, token: await tokens.sign({ userId: user.id, role: user.role, sessionVersion: user.sessionVersion }) };
}

export const PASSWORD_CHANGED = "Palavra-passe alterada com sucesso";
const WRONG_CURRENT_PASSWORD = "A palavra-passe atual está incorreta";

/**
 * Changes the caller's password: every other session ends (sockets included), the caller goes on with the new
 * token returned. Wrong current passwords count as failed sign-ins of the caller's account (no guessing here).
 */
export async function changePassword(
  db: PrismaClient,
  tokens: TokenService,
  sessions: Sessions,
  attempts: AttemptLimiter,
  caller: { userId: string; token: string },
  input: { currentPassword: string; newPassword: string },
): Promise<string> {
  const { userId } = caller;
  const attemptKey = `password-change:account:${userId}`;
  const attempt = await attempts.take(attemptKey, LOGIN_LIMITS.perAccount);
  if (!attempt.allowed) throw new AppError(429, TOO_MANY_ATTEMPTS);
  const user = await usersRepository(db).findById(userId);
  if (!user?.active) throw new AppError(401, SESSION_EXPIRED);
  if (!user.passwordHash || !input.currentPassword || !(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw new AppError(400, WRONG_CURRENT_PASSWORD);
  }
  await attempts.clear(attemptKey);
  assertAcceptablePassword(input.newPassword);
  const version = await usersRepository(db).endSessions(userId, { passwordHash: await hashPassword(input.newPassword) });
  await sessions.ended({ userId, version, renewed: tokenDigest(caller.token) });
  return tokens.sign({ userId, role: user.role, sessionVersion: version });
}

/** The staff member behind a token, if the account is still active and still staff (the database, not the token, has the last word). */
export async function findActiveStaff(db: Db, userId: string): Promise<UserRow | null> {
  const user = await usersRepository(db).findById(userId);
  return user && user.active && user.role !== "customer" ? user : null;
}

/** Creates a staff account (CLI and first start); returns the password it set. */
export async function createStaffAccount(db: Db, input: { email: string; name?: string; password: string; role: StaffRole }) {
  if (!EMAIL_PATTERN.test(input.email.trim())) throw new AppError(400, BAD_EMAIL);
  assertAcceptablePassword(input.password);
  const email = normaliseEmail(input.email);
  const users = usersRepository(db);
  if (await users.findByEmail(email)) throw new AppError(409, "Já existe uma conta com este email");
  return users.create({
    name: input.name?.trim() || email.split("@")[0]!,
    email,
    passwordHash: await hashPassword(input.password),
    role: input.role,
  });
}
