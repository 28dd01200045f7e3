import type { RegisterBody, TokenReply } from "../../../../server/schemas/users.ts";
import { api } from "../../../lib/api-client.ts";

export const register = async (body: RegisterBody): Promise<string> => (await api<TokenReply>("/api/user/register", { body })).token;
