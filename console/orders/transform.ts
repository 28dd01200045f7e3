import { pickFields, type RequestBodyTransform } from "../lib/request-body.ts";

/** Staff change an order's status (with an optional note); nothing else of an order is written. */
export const orderRequestBody: RequestBodyTransform = (data) => pickFields(data, ["status", "note"]);
