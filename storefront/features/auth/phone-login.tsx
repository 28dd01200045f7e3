import { useRef, useState } from "react";
import { toast } from "../../lib/toast.ts";
import { firebaseLogin } from "./api/firebase-login.ts";

// SMS login through Firebase's REST API and an invisible reCAPTCHA, without the Firebase SDK
// (hundreds of kilobytes): this module and Google's script load only when the shop configured it.
interface Config {
  apiKey: string;
  authDomain: string;
  projectId: string;
}

interface Grecaptcha {
  ready: (cb: () => void) => void;
  render: (
    el: HTMLElement,
    opts: { sitekey: string; size: "invisible"; callback: (token: string) => void; "expired-callback": () => void },
  ) => number;
  execute: (id: number) => void;
  reset: (id: number) => void;
}
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const IDENTITY = "https://identitytoolkit.googleapis.com/v1";

const loadRecaptcha = () =>
  new Promise<Grecaptcha>((resolve, reject) => {
    if (window.grecaptcha) return window.grecaptcha.ready(() => resolve(window.grecaptcha as Grecaptcha));
    const s = document.createElement("script");
    s.src = "https://www.google.com/recaptcha/api.js?render=explicit";
    s.async = true;
    s.onload = () => window.grecaptcha?.ready(() => resolve(window.grecaptcha as Grecaptcha));
    s.onerror = reject;
    document.head.append(s);
  });

const identity = async <T,>(path: string, apiKey: string, body: object): Promise<T> => {
  const res = await fetch(`${IDENTITY}/${path}?key=${encodeURIComponent(apiKey)}`, {
    method: path.startsWith("recaptchaParams") ? "GET" : "POST",
    headers: { "Content-Type": "application/json" },
    body: path.startsWith("recaptchaParams") ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(String(res.status));
  return (await res.json()) as T;
};

interface Widget {
  g: Grecaptcha;
  id: number;
  next: ((token: string) => void) | null;
}

export default function PhoneLogin({ config, onToken }: { config: Config; onToken: (token: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<Widget | null>(null);
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [session, setSession] = useState("");

  // Google's script and the site key are fetched on the first "Enviar código", not on every visit to /login.
  const ensureWidget = async (): Promise<Widget> => {
    if (widget.current) return widget.current;
    const [g, { recaptchaSiteKey }] = await Promise.all([
      loadRecaptcha(),
      identity<{ recaptchaSiteKey: string }>("recaptchaParams", config.apiKey, {}),
    ]);
    if (!box.current) throw new Error("phone login closed");
    const w: Widget = { g, id: 0, next: null };
    w.id = g.render(box.current, {
      sitekey: recaptchaSiteKey,
      size: "invisible",
      callback: (t) => w.next?.(t),
      "expired-callback": () => toast.error("reCAPTCHA expirou. Recarregue a página."),
    });
    widget.current = w;
    return w;
  };

  const sendCode = async () => {
    let w: Widget | null = null;
    try {
      w = await ensureWidget();
      const ready = w;
      const recaptchaToken = await new Promise<string>((resolve) => {
        ready.next = resolve;
        ready.g.execute(ready.id);
      });
      const reply = await identity<{ sessionInfo: string }>("accounts:sendVerificationCode", config.apiKey, {
        phoneNumber: phone.trim(),
        recaptchaToken,
      });
      setSession(reply.sessionInfo);
      toast.success("Código enviado por SMS!");
    } catch {
      toast.error("Erro ao enviar SMS. Verifique o número.");
      if (w) w.g.reset(w.id);
    }
  };

  const confirm = async () => {
    let idToken: string;
    try {
      idToken = (
        await identity<{ idToken: string }>("accounts:signInWithPhoneNumber", config.apiKey, { sessionInfo: session, code: code.trim() })
      ).idToken;
    } catch {
      toast.error("Código inválido ou expirado.");
      return;
    }
    try {
      onToken(await firebaseLogin(idToken));
      toast.success("Login realizado com sucesso!");
    } catch {
      // the API client showed the server's message
    }
  };

  return (
    <div className="phone-login">
      <p className="muted">ou entre com o seu telefone</p>
      {!session ? (
        <>
          <input
            type="tel"
            placeholder="+244 9XX XXX XXX"
            aria-label="Número de telefone"
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <button type="button" className="btn btn-outline" onClick={sendCode}>
            Enviar código
          </button>
        </>
      ) : (
        <>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="Código"
            aria-label="Código SMS"
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <button type="button" className="btn btn-outline" onClick={confirm}>
            Confirmar código
          </button>
        </>
      )}
      <div ref={box} />
    </div>
  );
}
