import { Type, type Static } from "typebox";
import { Email, ShortText, StrictObject } from "./common.ts";
import { MAX_PASSWORD_LENGTH } from "../../shared/passwords.ts";
import { STAFF_ROLES } from "../../shared/roles.ts";

const StaffRoleSchema = Type.Union([Type.Literal(STAFF_ROLES[0]), Type.Literal(STAFF_ROLES[1])]);

export const AdminStaff = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  role: StaffRoleSchema,
  active: Type.Boolean(),
  createdAt: Type.String(),
});
export type AdminStaff = Static<typeof AdminStaff>;

/** Length only bounds the body: the rule and its messages are assertAcceptablePassword's (shared/passwords.ts). */
const StaffPassword = Type.String({ maxLength: MAX_PASSWORD_LENGTH });

export const AdminStaffCreateBody = StrictObject({
  name: ShortText({ minLength: 1, maxLength: 120 }),
  email: Email,
  role: StaffRoleSchema,
  password: StaffPassword,
  /** The acting admin's own password: required to create an admin. */
  currentPassword: Type.Optional(StaffPassword),
});
export type AdminStaffCreateBody = Static<typeof AdminStaffCreateBody>;

export const AdminStaffUpdateBody = StrictObject({
  name: Type.Optional(ShortText({ minLength: 1, maxLength: 120 })),
  role: Type.Optional(StaffRoleSchema),
  active: Type.Optional(Type.Boolean()),
  password: Type.Optional(StaffPassword),
  /** The acting admin's own password: required to make someone an admin (or active again as one) and to set an admin's password. */
  currentPassword: Type.Optional(StaffPassword),
});
export type AdminStaffUpdateBody = Static<typeof AdminStaffUpdateBody>;
