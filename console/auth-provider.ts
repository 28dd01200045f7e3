import type { AuthProvider } from "react-admin";
import { SESSION_ENDED, getSession, getToken, setSession, signIn } from "./lib/session.ts";

/** The account API's logout (shared by shoppers and staff: one session version per account). */
const LOGOUT_URL = "/api/user/logout";

/**
 * What each role may open (docs/product/console.md#roles): support works orders and chats (and WhatsApp messages waiting to be
 * assigned), reads customers and the Pagamentos queue
 * (payments are recorded on the order), handles returns (an admin concludes a refund); admin everything, the bank statement ("Extrato") included.
 */
const SUPPORT_RESOURCES = new Set([
  "orders",
  "payments",
  "conversations",
  "customers",
  "quick-replies",
  "delivery-zones",
  "pickup-points",
  "coupons",
  "whatsapp-inbox",
  "fiscal-documents",
  "returns",
]);
const SUPPORT_READ_ONLY = new Set([
  "customers",
  "payments",
  "fiscal-documents",
  "quick-replies",
  "delivery-zones",
  "pickup-points",
  "coupons",
]);

export const canRoleAccess = (role: string | undefined, resource: string, action: string): boolean => {
  if (role === "admin") return true;
  if (role !== "support") return false;
  if (resource === "dashboard") return true;
  if (!SUPPORT_RESOURCES.has(resource)) return false;
  if (SUPPORT_READ_ONLY.has(resource)) return action === "list" || action === "show";
  return action !== "delete" && action !== "create";
};

export const authProvider: AuthProvider = {
  async login({ username, email, password }: { username?: string; email?: string; password: string }) {
    await signIn(email ?? username ?? "", password);
  },
  async logout() {
    // The server ends the staff member's sessions on every device (best effort: the token leaves with the
    // request, the console does not wait); the shell in main.tsx swaps back to the login screen when it goes.
    const token = getToken();
    if (token) fetch(LOGOUT_URL, { method: "POST", headers: { Authorization: `Bearer ${token}` }, keepalive: true }).catch(() => {});
    setSession(null);
  },
  async checkAuth() {
    if (!getSession()) throw new Error("ra.auth.auth_check_error");
  },
  async checkError(error: { status?: number }) {
    // 401 only means a missing/expired token (docs/design/contracts.md#the-401-rule); 403 is "not for your role" and must not sign out.
    if (error?.status === 401) {
      setSession(null, SESSION_ENDED);
      throw new Error("ra.notification.logged_out");
    }
  },
  async getIdentity() {
    const s = getSession();
    if (!s) throw new Error("ra.auth.auth_check_error");
    return { id: s.user.id, fullName: s.user.name, email: s.user.email, role: s.user.role };
  },
  async getPermissions() {
    return getSession()?.user.role;
  },
  async canAccess({ resource, action }) {
    return canRoleAccess(getSession()?.user.role, resource, action);
  },
};
