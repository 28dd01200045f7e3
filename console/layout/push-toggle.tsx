import { useEffect, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import NotificationsActiveIcon from "@mui/icons-material/NotificationsActive";
import NotificationsOffIcon from "@mui/icons-material/NotificationsOff";
import { BarToggle } from "./bar-toggle.tsx";
import { staffPushSupported, staffSubscription, subscribeStaffBrowser, unsubscribeStaffBrowser } from "./staff-push.ts";

/**
 * Turns pushes to this browser on or off: new orders, proofs and shoppers' messages reach the staff member with no
 * console tab open. The browser asks its permission on this click, never before. Hidden where pushes cannot work.
 */
export function PushToggle() {
  const translate = useTranslate();
  const notify = useNotify();
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void staffSubscription()
      .then((s) => live && setOn(Boolean(s)))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, []);
  if (!staffPushSupported() || on === null) return null;
  const label = translate(on ? "loja.attention.push_off" : "loja.attention.push_on");
  const toggle = async () => {
    setBusy(true);
    try {
      if (on) {
        await unsubscribeStaffBrowser();
        setOn(false);
        notify("loja.attention.push_stopped", { type: "info" });
        return;
      }
      const outcome = await subscribeStaffBrowser();
      setOn(outcome === "subscribed");
      notify(`loja.attention.push_${outcome}`, { type: outcome === "subscribed" ? "success" : "warning" });
    } catch {
      notify("loja.attention.push_failed", { type: "error" });
    } finally {
      setBusy(false);
    }
  };
  return (
    <BarToggle label={label} on={on} disabled={busy} onClick={() => void toggle()} testId="push-toggle">
      {on ? <NotificationsActiveIcon /> : <NotificationsOffIcon />}
    </BarToggle>
  );
}
