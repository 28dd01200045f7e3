import { API_URL } from "./api-url.ts";
import { shellMessages } from "../i18n/shell.ts";
import type { StaffLoginReply } from "../../server/schemas/users.ts";
import { isStaffRole, type StaffRole } from "../../shared/roles.ts";

// The staff session: token and user kept in localStorage, with a tiny change feed so the
// light login shell (main.tsx) and the lazily loaded react-admin app agree on who is signed in.

/** The signed-in member of staff as the login answered (a role the console knows, or no session). */
type StaffUser = Omit<StaffLoginReply["user"], "role"> & { role: StaffRole };
interface StaffSession {
  token: string;
  user: StaffUser;
}

const KEY = "loja.console.session";
const listeners = new Set<() => void>();

const isSession = (value: unknown): value is StaffSession => {
  if (typeof value !== "object" || value === null) return false;
  const v = value as { token?: unknown; user?: { role?: unknown; id?: unknown } };
  return typeof v.token === "string" && typeof v.user?.id === "string" && typeof v.user.role === "string" && isStaffRole(v.user.role);
};

export const getSession = (): StaffSession | null => {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSession(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

export const getToken = (): string | null => getSession()?.token ?? null;

const NOTICE_KEY = "loja.console.notice";
export const SESSION_ENDED = shellMessages.session_ended;

/** Ends or starts a session; a notice (e.g. why the session ended) is shown once by the login screen. */
export const setSession = (session: StaffSession | null, notice?: string): void => {
  if (session) localStorage.setItem(KEY, JSON.stringify(session));
  else localStorage.removeItem(KEY);
  try {
    if (notice) sessionStorage.setItem(NOTICE_KEY, notice);
  } catch {
    // storage may be unavailable (private mode): the notice is a nicety
  }
  listeners.forEach((fn) => fn());
};

export const takeNotice = (): string | null => {
  try {
    const notice = sessionStorage.getItem(NOTICE_KEY);
    sessionStorage.removeItem(NOTICE_KEY);
    return notice;
  } catch {
    return null;
  }
};

export const onSessionChange = (fn: () => void): (() => void) => {
  listeners.add(fn);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY) fn();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(fn);
    window.removeEventListener("storage", onStorage);
  };
};

/** Signs in against the staff API; resolves with the session or rejects with the server's Portuguese message. */
export const signIn = async (email: string, password: string): Promise<StaffSession> => {
  let res: Response;
  try {
    res = await fetch(`${API_URL}/auth/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
  } catch {
    throw new Error(shellMessages.unreachable);
  }
  const body = (await res.json().catch(() => null)) as (Partial<StaffLoginReply> & { message?: string }) | null;
  if (!res.ok || !body?.success || !body.token || !body.user) throw new Error(body?.message ?? shellMessages.sign_in_failed);
  const session = { token: body.token, user: body.user };
  if (!isSession(session)) throw new Error(shellMessages.not_staff);
  setSession(session);
  return session;
};
