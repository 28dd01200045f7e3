// The console's push bell (docs/product/notifications.md#staff-alerts): shown only where the browser can push, it
// asks the browser's permission on the staff member's click (never before) and says plainly when the browser
// blocks notifications. The browser's own APIs are stood in for; a granted subscription is covered end to end by
// tests/api/staff-push.test.ts (the server side) and tests/e2e/whatsapp.test.ts (the bell and /admin/sw.js).
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { AdminContext, Notification } from "react-admin";
import polyglotI18nProvider from "ra-i18n-polyglot";
import { ptMessages } from "../../console/i18n/pt.ts";
import { PushToggle } from "../../console/layout/push-toggle.tsx";

const i18nProvider = polyglotI18nProvider(() => ptMessages, "pt");
const ASK = /^Receber avisos neste navegador/;

function bell() {
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <PushToggle />
      <Notification />
    </AdminContext>,
  );
}

/** A browser with a service worker, the Push API and notifications, where the staff member answers `answer`. */
function pushCapableBrowser(answer: NotificationPermission) {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", { permission: "default", requestPermission });
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: vi.fn(async () => undefined), register: vi.fn() },
  });
  return { requestPermission, register: (navigator.serviceWorker as unknown as { register: ReturnType<typeof vi.fn> }).register };
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe("the console's push bell", () => {
  it("asks the browser only on the click, and says when notifications are blocked", async () => {
    const browser = pushCapableBrowser("denied");
    bell();
    const button = await screen.findByRole("button", { name: ASK });
    expect(button.getAttribute("aria-pressed")).toBe("false");
    expect(browser.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByText(/As notificações estão bloqueadas neste navegador/)).toBeTruthy());
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    // Refused: no worker registered, the bell still offers to turn pushes on.
    expect(browser.register).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: ASK }).getAttribute("aria-pressed")).toBe("false");
  });

  it("is not shown where the browser cannot push", async () => {
    vi.stubGlobal("Notification", { permission: "default", requestPermission: vi.fn() });
    bell();
    // Once the look for a subscription has settled, nothing appears.
    await act(async () => undefined);
    expect(screen.queryByRole("button", { name: ASK })).toBeNull();
  });
});
