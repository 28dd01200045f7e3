import type { ForgotPasswordBody, ResetPasswordBody } from "../../../../server/schemas/users.ts";
import { api } from "../../../lib/api-client.ts";

interface MessageReply {
  success: true;
  message: string;
}

/** Always the same answer, whether or not an account has this e-mail (the server says so in `message`). */
export const forgotPassword = async (body: ForgotPasswordBody): Promise<string> =>
  (await api<MessageReply>("/api/user/forgot-password", { body })).message;

/** Sets the new password from the link's token; a bad or used link is an ApiError with the server's message. */
export const resetPassword = async (body: ResetPasswordBody): Promise<string> =>
  (await api<MessageReply>("/api/user/reset-password", { body, quiet: true })).message;
