import type { LoginBody, TokenReply } from "../../../../server/schemas/users.ts";
import { api } from "../../../lib/api-client.ts";

export const login = async (body: LoginBody): Promise<string> => (await api<TokenReply>("/api/user/login", { body })).token;
