import { pickFields, type RequestBodyTransform } from "../lib/request-body.ts";
import { quickReplyBankDetails } from "../../shared/support.ts";

/**
 * A quick reply as the server takes it: its title and text, never the id; the admin's own password only when the
 * text writes bank details by hand (the server asks for it then) and one was typed.
 */
export const quickReplyRequestBody: RequestBodyTransform = (data) => {
  const body = pickFields(data, ["title", "text", "currentPassword"]);
  if (!body.currentPassword || typeof body.text !== "string" || !quickReplyBankDetails(body.text)) delete body.currentPassword;
  return body;
};
