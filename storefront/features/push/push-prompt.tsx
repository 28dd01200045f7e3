import { useEffect, useState } from "react";
import { toast } from "../../lib/toast.ts";
import { deviceSubscription, pushPermission, pushSupported, PUSH_DENIED, subscribeDevice } from "./push-client.ts";

/** Where a shopper who said "not now" is remembered (per device, like the subscription). */
const DISMISSED_KEY = "pushPromptDismissed";

const dismissed = () => {
  try {
    return localStorage.getItem(DISMISSED_KEY) === "1";
  } catch {
    return false;
  }
};

/**
 * One line offering push on this device, shown only to a shopper who has placed an order (its pages, /orders
 * and the chat, call it with `show`), never when the browser cannot push, when notifications were refused, when
 * this device already receives them, or after "Agora não".
 */
export function PushPrompt({ show }: { show: boolean }) {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!show || !pushSupported() || pushPermission() === "denied" || dismissed()) return;
    let live = true;
    deviceSubscription()
      .then((subscription) => live && setVisible(!subscription))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [show]);

  if (!visible) return null;

  const accept = async () => {
    try {
      const outcome = await subscribeDevice();
      setVisible(false);
      if (outcome === "subscribed") toast.success("Vai receber avisos neste telemóvel.");
      else if (outcome === "denied") toast.info(PUSH_DENIED);
    } catch {
      // the API client showed the failure; the line stays for another try
    }
  };
  const later = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, "1");
    } catch {
      // private mode: asked again next visit
    }
    setVisible(false);
  };

  return (
    <p className="push-prompt" data-testid="push-prompt">
      <button type="button" className="link-btn" onClick={() => void accept()}>
        Receber avisos neste telemóvel
      </button>
      <button type="button" className="link-btn muted" aria-label="Agora não" onClick={later}>
        Agora não
      </button>
    </p>
  );
}
