import type { TokenReply } from "../../../../server/schemas/users.ts";
import { api } from "../../../lib/api-client.ts";

export const firebaseLogin = async (idToken: string): Promise<string> =>
  (await api<TokenReply>("/api/user/firebase-login", { body: { idToken } })).token;
