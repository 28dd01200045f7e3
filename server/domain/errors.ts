import { SESSION_EXPIRED } from "../../shared/session.ts";
/** The one error domain code throws; the error handler turns it into `{ success: false, message }` with `status`. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra fields for the reply body (e.g. the current total when a client total is refused). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** The answer to a missing, invalid or expired session (and to a token whose account is gone): the storefront logs out on it. */
export { SESSION_EXPIRED };
export const sessionExpired = () => new AppError(401, SESSION_EXPIRED);
