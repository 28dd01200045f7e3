import { pickFields, type RequestBodyTransform } from "../lib/request-body.ts";

/** A quick reply as the server takes it: its title and text, never the id. */
export const quickReplyRequestBody: RequestBodyTransform = (data) => pickFields(data, ["title", "text"]);
