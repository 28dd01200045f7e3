// Confirming a phone (docs/product/accounts.md#confirming-a-phone): WhatsApp and SMS order updates go only to a phone
// the shopper proved is theirs (the sign-in phone counts), so nobody receives someone else's order by typing their
// number. The shop sends a 6-digit code there; the shopper types it back. Shown only when the shop can send codes
// (WhatsApp or SMS configured): on the account page (any phone) and at checkout (the delivery phone). No <form> of
// its own: at checkout it sits inside the order's form, so Enter in the code confirms it rather than placing the order.
import { useState } from "react";
import { toE164 } from "../../../shared/phones.ts";
import { useBusy } from "../../lib/busy.tsx";
import { toast } from "../../lib/toast.ts";
import { useSession } from "../auth/session.tsx";
import { confirmPhone, getAccount, requestPhoneCode, type Account } from "./api/account.ts";
import { useAccountIfSignedIn } from "./use-account.ts";

const CONFIRMED = "Número confirmado. Os avisos do pedido vão para este número.";

export function PhoneConfirm({
  account,
  phone: given,
  editable = false,
  onConfirmed,
}: {
  account: Account;
  /** The phone to confirm: the checkout's delivery phone, or a starting value the account page lets the shopper change. */
  phone: string;
  editable?: boolean;
  onConfirmed(account: Account): void;
}) {
  const { run } = useBusy();
  const [typed, setTyped] = useState(given);
  const phone = editable ? typed : given;
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const channels = account.phoneCodeChannels;
  if (channels.length === 0) return null;
  const e164 = toE164(phone);
  const confirmed = e164 !== null && account.verifiedPhones.includes(e164);

  const send = async (channel?: "whatsapp" | "sms") => {
    try {
      const reply = await run(requestPhoneCode(phone, channel));
      toast.success(reply.message);
      if (reply.alreadyVerified) onConfirmed(await getAccount());
      else {
        setSentTo(reply.phone);
        setCode("");
      }
    } catch {
      // the API client showed the server's message
    }
  };

  const confirm = async () => {
    if (!sentTo || code.length !== 6) return;
    try {
      const updated = await run(confirmPhone(sentTo, code));
      toast.success(CONFIRMED);
      setSentTo(null);
      onConfirmed(updated);
    } catch {
      // the API client showed the server's message
    }
  };

  return (
    <div className="phone-confirm" data-testid="phone-confirm">
      {editable && (
        <label className="field">
          Telefone para os avisos
          <input
            name="confirmPhone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              setSentTo(null);
            }}
          />
        </label>
      )}
      {confirmed ? (
        <p className="muted" data-testid="phone-confirmed">
          ✓ {e164} confirmado: os avisos do pedido vão para este número.
        </p>
      ) : sentTo && sentTo === e164 ? (
        <div className="phone-code">
          <label className="field">
            Código que recebeu em {sentTo}
            <input
              name="phoneCode"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
              onKeyDown={(e) => {
                if (e.key !== "Enter") return;
                e.preventDefault();
                void confirm();
              }}
            />
          </label>
          <div className="account-actions">
            <button type="button" className="btn" disabled={code.length !== 6} onClick={() => void confirm()}>
              CONFIRMAR NÚMERO
            </button>
            <button type="button" className="link-btn" onClick={() => void send()}>
              Enviar outro código
            </button>
          </div>
        </div>
      ) : (
        <>
          <p className="muted">
            {e164
              ? `Os avisos por WhatsApp ou SMS só vão para um número confirmado. Enviamos um código para ${e164}.`
              : "Os avisos por WhatsApp ou SMS só vão para um número confirmado. Escreva o seu número para receber um código."}
          </p>
          {e164 && (
            <div className="account-actions">
              <button type="button" className="btn btn-outline" onClick={() => void send()}>
                {channels[0] === "whatsapp" ? "ENVIAR CÓDIGO POR WHATSAPP" : "ENVIAR CÓDIGO POR SMS"}
              </button>
              {channels.length > 1 && (
                <button type="button" className="link-btn" onClick={() => void send("sms")}>
                  Enviar por SMS
                </button>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * At checkout (loaded lazily once a WhatsApp/SMS box is ticked): the account's confirmed phones are read, then the
 * delivery phone typed is offered to confirm, unless it already is.
 */
export default function CheckoutPhoneConfirm({ phone }: { phone: string }) {
  const { token } = useSession();
  const [account, setAccount] = useAccountIfSignedIn(token);
  if (!account) return null;
  return <PhoneConfirm key={phone} account={account} phone={phone} onConfirmed={setAccount} />;
}
