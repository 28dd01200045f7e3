import { pickFields, type RequestBodyTransform } from "../lib/request-body.ts";

const FIELDS = ["name", "email", "role", "active", "password"] as const;

/** A staff e-mail is fixed after creation, and an empty password field means "keep the current one". */
export const staffRequestBody: RequestBodyTransform = (data, creating) => {
  const body = pickFields(data, FIELDS);
  if (!creating) delete body.email;
  if (body.password === "") delete body.password;
  return body;
};
