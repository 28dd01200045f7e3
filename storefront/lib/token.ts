// The session token lives in local storage under the key "token" (docs/product/accounts.md#the-session).
const KEY = "token";

export const readToken = (): string => {
  try {
    return localStorage.getItem(KEY) ?? "";
  } catch {
    return "";
  }
};

export const writeToken = (token: string) => {
  try {
    if (token) localStorage.setItem(KEY, token);
    else localStorage.removeItem(KEY);
  } catch {
    // private mode without storage: the session lasts as long as the tab
  }
};
