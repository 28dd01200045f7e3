import type { Db } from "../../db/client.ts";
import type { Role } from "./tokens.ts";

export interface UserRow {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  passwordHash: string | null;
  role: Role;
  active: boolean;
}

const select = { id: true, name: true, email: true, phone: true, passwordHash: true, role: true, active: true } as const;

export const usersRepository = (db: Db) => ({
  findByEmail: (email: string): Promise<UserRow | null> => db.user.findUnique({ where: { email }, select }),
  findByPhone: (phone: string): Promise<UserRow | null> => db.user.findUnique({ where: { phone }, select }),
  findById: (id: string): Promise<UserRow | null> => db.user.findUnique({ where: { id }, select }),
  create: (data: { name: string; email?: string | null; phone?: string | null; passwordHash?: string | null; role?: Role }): Promise<UserRow> =>
    db.user.create({ data, select }),
  countStaff: () => db.user.count({ where: { role: { in: ["admin", "support"] } } }),
});
export type UsersRepository = ReturnType<typeof usersRepository>;
