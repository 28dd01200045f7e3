import { useEffect, useState } from "react";
import { Title } from "../../components/title.tsx";
import { type Account } from "./api/account.ts";
import {
  deviceSubscription,
  pushSupported,
  PUSH_DENIED,
  PUSH_UNSUPPORTED,
  subscribeDevice,
  unsubscribeDevice,
} from "../push/push-client.ts";
import { toast } from "../../lib/toast.ts";
import { useSave, type Saved } from "./use-save.ts";
import { SMS_OPT_IN, WHATSAPP_OPT_IN } from "../../../shared/messaging.ts";
import { PhoneConfirm } from "./phone-confirm.tsx";

export function Notices({ account, onSaved }: { account: Account; onSaved: Saved }) {
  const save = useSave(onSaved);
  const [device, setDevice] = useState<boolean | null>(null);
  const canPush = pushSupported();

  useEffect(() => {
    let live = true;
    deviceSubscription().then(
      (s) => live && setDevice(Boolean(s)),
      () => live && setDevice(false),
    );
    return () => {
      live = false;
    };
  }, []);

  const togglePush = async (on: boolean) => {
    try {
      // Off is this device only: the shopper's other phones keep theirs (each has its own switch).
      if (!on) {
        await unsubscribeDevice();
        setDevice(false);
        toast.success("Avisos neste telemóvel desligados");
        return;
      }
      const outcome = await subscribeDevice();
      if (outcome === "denied") toast.info(PUSH_DENIED);
      else if (outcome === "unsupported") toast.info(PUSH_UNSUPPORTED);
      else {
        setDevice(true);
        await save({ notifyPush: true }, "Vai receber avisos neste telemóvel");
      }
    } catch {
      // the API client showed the failure
    }
  };

  return (
    <section className="account-section">
      <Title first="OS SEUS" second="AVISOS" />
      <label className="check">
        <input
          type="checkbox"
          name="notifyEmail"
          checked={account.notifyEmail}
          onChange={(e) => void save({ notifyEmail: e.target.checked }, "Preferência guardada")}
        />
        Avisos por e-mail (pagamento, envio, respostas do suporte)
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="notifyPush"
          checked={Boolean(device && account.notifyPush)}
          disabled={!canPush || device === null}
          onChange={(e) => void togglePush(e.target.checked)}
        />
        Avisos neste telemóvel (notificações)
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="whatsappOptIn"
          checked={account.whatsappOptIn}
          onChange={(e) => void save({ whatsappOptIn: e.target.checked }, "Preferência guardada")}
        />
        {WHATSAPP_OPT_IN}
      </label>
      <label className="check">
        <input
          type="checkbox"
          name="smsOptIn"
          checked={account.smsOptIn}
          onChange={(e) => void save({ smsOptIn: e.target.checked }, "Preferência guardada")}
        />
        {SMS_OPT_IN}
      </label>
      {account.verifiedPhones.length > 0 && (
        <p className="muted" data-testid="verified-phones">
          Números confirmados para os avisos: {account.verifiedPhones.join(", ")}
        </p>
      )}
      <PhoneConfirm account={account} phone={account.savedAddress?.phone ?? ""} editable onConfirmed={onSaved} />
      {!canPush && <p className="muted">{PUSH_UNSUPPORTED}</p>}
    </section>
  );
}
