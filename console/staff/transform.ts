import { pickFields, type RequestBodyTransform } from "../lib/request-body.ts";

const FIELDS = ["name", "email", "role", "active", "password", "currentPassword"] as const;

/**
 * A staff e-mail is fixed after creation, and an empty password field means "keep the current one". The acting
 * admin's own password goes out only when typed (the server asks for it to create a staff account, hand out admin
 * power or set an admin's password).
 */
export const staffRequestBody: RequestBodyTransform = (data, creating) => {
  const body = pickFields(data, FIELDS);
  if (!creating) delete body.email;
  if (body.password === "") delete body.password;
  if (!body.currentPassword) delete body.currentPassword;
  return body;
};

type StaffForm = { id?: unknown; role?: unknown; active?: unknown; password?: unknown };

/** Whether the server will ask the acting admin's own password for this save (same rule as the server's). */
export const staffNeedsPassword = (before: StaffForm | undefined, after: StaffForm, selfId: unknown): boolean => {
  const role = after.role ?? before?.role;
  const newPassword = typeof after.password === "string" && after.password !== "";
  // Creating any staff account (support records payments and reads every chat).
  if (!before) return true;
  if (newPassword && (before.id === selfId || role === "admin")) return true;
  if (role === "admin" && before.role !== "admin") return true;
  return after.active === true && before.active === false && role === "admin";
};
