// Staff accounts (admin only): create with a role, change name/role/password, deactivate.
// Guards: nobody locks themselves out, the shop always keeps one active admin, names tell staff apart (unique),
// and staff accounts are created, and admin power handed out, only with the acting admin's own password (a stolen
// session is not enough: a support account records payments and reads every order's chat).
import type { PrismaClient } from "../../db/client.ts";
import { Prisma } from "../../db/client.ts";
import { AppError } from "../errors.ts";
import { orderByOf, type ListPage, type ListQuery, type ListSpec } from "../list-query.ts";
import type { AdminStaff, AdminStaffCreateBody, AdminStaffUpdateBody } from "../../schemas/admin-staff.ts";
import { assertAcceptablePassword, hashPassword } from "./passwords.ts";
import { usersRepository, type AccountRow } from "./repository.ts";
import { findActiveStaff, normaliseEmail } from "./service.ts";
import type { Sessions, SessionsEnded } from "./sessions.ts";
import { STAFF_ROLES } from "../../../shared/roles.ts";
import type { AttemptLimiter } from "./attempt-limiter.ts";
import { confirmOwnPassword } from "./step-up.ts";
import { BAD_EMAIL, EMAIL_PATTERN } from "../../../shared/checkout.ts";
import { sessionExpired } from "../errors.ts";

export const STAFF_LIST = {
  filters: { q: "string", role: "string", active: "boolean", id: "ids" },
  sortable: ["name", "email", "role", "active", "createdAt"],
  defaultSort: { field: "createdAt", order: "DESC" },
} as const satisfies ListSpec<{ q: "string"; role: "string"; active: "boolean"; id: "ids" }>;

const STAFF_NOT_FOUND = "Membro da equipa não encontrado";
const EMAIL_TAKEN = "Já existe uma conta com este email";
const NAME_TAKEN = "Já existe um membro da equipa com este nome";
const ADMIN_PASSWORD_REQUIRED = "Confirme a sua palavra-passe para dar acesso de administrador";
const STAFF_PASSWORD_REQUIRED = "Confirme a sua palavra-passe para criar uma conta da equipa";
const OWN_PASSWORD_REQUIRED = "Confirme a sua palavra-passe atual para a alterar";
const ADMIN_RESET_PASSWORD_REQUIRED = "Confirme a sua palavra-passe para alterar a palavra-passe de um administrador";

/** The acting admin re-enters their own password (throttled like sign-ins). */
async function stepUp(db: PrismaClient, attempts: AttemptLimiter, actorId: string, password: string | undefined, message: string) {
  const actor = await findActiveStaff(db, actorId);
  if (!actor) throw sessionExpired();
  await confirmOwnPassword(attempts, actor, password, message);
}

const toStaff = (u: AccountRow): AdminStaff => ({
  id: u.id,
  name: u.name,
  email: u.email,
  role: u.role === "admin" ? "admin" : "support",
  active: u.active,
  createdAt: u.createdAt.toISOString(),
});

export async function listStaff(
  db: PrismaClient,
  query: ListQuery<{ q?: string; role?: string; active?: boolean; id?: string[] }>,
): Promise<ListPage<AdminStaff>> {
  const users = usersRepository(db);
  const f = { q: query.filter.q, role: query.filter.role, active: query.filter.active, ids: query.filter.id };
  const [rows, total] = await Promise.all([
    users.listAccounts(STAFF_ROLES, f, orderByOf(query.sort), query.offset, query.limit),
    users.countAccounts(STAFF_ROLES, f),
  ]);
  return { rows: rows.map(toStaff), total };
}

export async function getStaff(db: PrismaClient, id: string): Promise<AdminStaff> {
  const row = await usersRepository(db).findAccount(id, STAFF_ROLES);
  if (!row) throw new AppError(404, STAFF_NOT_FOUND);
  return toStaff(row);
}

export async function createStaff(
  db: PrismaClient,
  attempts: AttemptLimiter,
  actorId: string,
  body: AdminStaffCreateBody,
): Promise<AdminStaff> {
  const name = body.name.trim();
  if (!name) throw new AppError(400, "O nome é obrigatório");
  assertAcceptablePassword(body.password);
  if (!EMAIL_PATTERN.test(body.email.trim())) throw new AppError(400, BAD_EMAIL);
  const email = normaliseEmail(body.email);
  const users = usersRepository(db);
  if (await users.emailTaken(email)) throw new AppError(409, EMAIL_TAKEN);
  if (await users.staffNameTaken(name)) throw new AppError(409, NAME_TAKEN);
  await stepUp(db, attempts, actorId, body.currentPassword, body.role === "admin" ? ADMIN_PASSWORD_REQUIRED : STAFF_PASSWORD_REQUIRED);
  try {
    return toStaff(await users.createAccount({ name, email, role: body.role, passwordHash: await hashPassword(body.password) }));
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw new AppError(409, EMAIL_TAKEN);
    throw error;
  }
}

/** Deactivation, a new role or a new password end every session of the account (its sockets close at once). */
export async function updateStaff(
  db: PrismaClient,
  deps: { sessions: Sessions; attempts: AttemptLimiter },
  id: string,
  actorId: string,
  body: AdminStaffUpdateBody,
): Promise<AdminStaff> {
  const { sessions } = deps;
  const current = await getStaff(db, id);
  const self = id === actorId;
  if (self && body.active === false) throw new AppError(400, "Não pode desativar a sua própria conta");
  if (self && body.role && body.role !== current.role) throw new AppError(400, "Não pode alterar a sua própria função");
  if (body.name !== undefined && (await usersRepository(db).staffNameTaken(body.name.trim(), id))) throw new AppError(409, NAME_TAKEN);
  // Admin power handed out (a promotion, or an admin made active again) or an admin's password set: the actor's own password.
  const becomesAdmin =
    ((body.role ?? current.role) === "admin" && current.role !== "admin") ||
    (body.active === true && !current.active && (body.role ?? current.role) === "admin");
  const stepUpMessage =
    self && body.password !== undefined
      ? OWN_PASSWORD_REQUIRED
      : becomesAdmin
        ? ADMIN_PASSWORD_REQUIRED
        : body.password !== undefined && (body.role ?? current.role) === "admin"
          ? ADMIN_RESET_PASSWORD_REQUIRED
          : undefined;
  if (stepUpMessage) await stepUp(db, deps.attempts, actorId, body.currentPassword, stepUpMessage);
  const wouldLoseAdmin = body.active === false || (body.role !== undefined && body.role !== "admin");
  const data: Prisma.UserUpdateInput = {};
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (!name) throw new AppError(400, "O nome é obrigatório");
    data.name = name;
  }
  if (body.role !== undefined) data.role = body.role;
  if (body.active !== undefined) data.active = body.active;
  if (body.password !== undefined) {
    assertAcceptablePassword(body.password);
    data.passwordHash = await hashPassword(body.password);
  }
  const endsSessions =
    (body.active === false && current.active) || (body.role !== undefined && body.role !== current.role) || body.password !== undefined;
  let ended: SessionsEnded | undefined;
  const staff = await db.$transaction(async (tx) => {
    const users = usersRepository(tx);
    // Decided on the locked rows, not on `current` read before: another admin's change may have committed since.
    const activeAdmins = wouldLoseAdmin ? await users.lockActiveAdminIds() : [];
    if (activeAdmins.includes(id) && activeAdmins.length <= 1)
      throw new AppError(409, "A loja precisa de pelo menos um administrador ativo");
    if (endsSessions) ended = { userId: id, version: await users.endSessions(id) };
    return toStaff(await users.updateAccount(id, data));
  });
  if (ended) await sessions.ended(ended);
  else sessions.changed(id);
  return staff;
}
