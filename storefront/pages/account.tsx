import { useEffect, useState, type FormEvent } from "react";
import { useNavigate } from "react-router-dom";
import { addressErrors } from "../../shared/checkout.ts";
import { PASSWORD_HINT, passwordProblem } from "../../shared/passwords.ts";
import { useSession } from "../features/auth/session.tsx";
import { useBusy } from "../app/busy.tsx";
import { Skeleton } from "../components/skeleton.tsx";
import { Title } from "../components/title.tsx";
import { changePassword, getAccount, updateAccount, type Account, type AccountChanges } from "../features/account/api/account.ts";
import { AddressInputs, NEW_ADDRESS, toFormAddress } from "../features/checkout/address-form.tsx";
import type { Address } from "../features/checkout/types.ts";
import {
  deviceSubscription,
  pushSupported,
  PUSH_DENIED,
  PUSH_UNSUPPORTED,
  subscribeDevice,
  unsubscribeDevice,
} from "../features/push/push-client.ts";
import { SessionExpiredError } from "../lib/api-client.ts";
import { toast } from "../lib/toast.ts";

/** The signed-in shopper's account: who they are, the saved delivery address, the password, notices. */
export default function AccountPage() {
  const { token } = useSession();
  const navigate = useNavigate();
  const [account, setAccount] = useState<Account | null>(null);

  useEffect(() => {
    if (!token) {
      void navigate("/login");
      return;
    }
    let live = true;
    getAccount().then(
      (a) => live && setAccount(a),
      (e: unknown) => {
        if (!(e instanceof SessionExpiredError) && live) toast.error("Não foi possível carregar a sua conta");
      },
    );
    return () => {
      live = false;
    };
  }, [token, navigate]);

  return (
    <div className="account">
      <h1 className="page-title">MINHA CONTA</h1>
      {!account ? (
        <Skeleton count={4} variant="row" />
      ) : (
        <>
          <Profile account={account} onSaved={setAccount} />
          <SavedAddress account={account} onSaved={setAccount} />
          <PasswordChange />
          <Notices account={account} onSaved={setAccount} />
        </>
      )}
    </div>
  );
}

type Saved = (account: Account) => void;

function useSave(onSaved: Saved) {
  const { run } = useBusy();
  return async (changes: AccountChanges, message: string): Promise<boolean> => {
    try {
      onSaved(await run(updateAccount(changes)));
      toast.success(message);
      return true;
    } catch {
      // the API client showed the server's message
      return false;
    }
  };
}

function Profile({ account, onSaved }: { account: Account; onSaved: Saved }) {
  const [name, setName] = useState(account.name);
  const save = useSave(onSaved);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      toast.error("Nome é obrigatório");
      return;
    }
    void save({ name: name.trim() }, "Dados guardados");
  };
  return (
    <form className="account-section" onSubmit={onSubmit} noValidate>
      <Title first="OS SEUS" second="DADOS" />
      <label className="field">
        Nome
        <input name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {/* Identities the shopper signs in with: changing them is not done here. */}
      <label className="field">
        E-mail
        <input name="email" type="email" value={account.email ?? ""} placeholder="—" readOnly aria-readonly="true" />
      </label>
      <label className="field">
        Telemóvel
        <input name="phone" type="tel" value={account.phone ?? ""} placeholder="—" readOnly aria-readonly="true" />
      </label>
      <button type="submit" className="btn">
        GUARDAR
      </button>
    </form>
  );
}

function SavedAddress({ account, onSaved }: { account: Account; onSaved: Saved }) {
  const [address, setAddress] = useState<Address>(account.savedAddress ? toFormAddress(account.savedAddress) : NEW_ADDRESS);
  const [errors, setErrors] = useState<Partial<Record<keyof Address, string>>>({});
  const save = useSave(onSaved);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = addressErrors(address);
    setErrors(found);
    if (Object.keys(found).length) return;
    const trimmed = Object.fromEntries(Object.entries(address).map(([k, v]) => [k, v.trim()])) as unknown as Address;
    void save({ savedAddress: trimmed }, "Morada guardada");
  };
  const forget = async () => {
    if (await save({ savedAddress: null }, "Morada removida")) {
      setAddress(NEW_ADDRESS);
      setErrors({});
    }
  };
  return (
    <form className="account-section" onSubmit={onSubmit} noValidate>
      <Title first="MORADA DE" second="ENTREGA" />
      <p className="muted">Preenche o formulário de encomenda por si.</p>
      <AddressInputs address={address} errors={errors} onChange={setAddress} />
      <div className="account-actions">
        <button type="submit" className="btn">
          GUARDAR MORADA
        </button>
        {account.savedAddress && (
          <button type="button" className="btn btn-outline" onClick={() => void forget()}>
            REMOVER MORADA
          </button>
        )}
      </div>
    </form>
  );
}

function PasswordChange() {
  const { setToken } = useSession();
  const { run } = useBusy();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!current) {
      setProblem("Escreva a palavra-passe atual");
      return;
    }
    const found = passwordProblem(next);
    setProblem(found);
    if (found) return;
    try {
      const reply = await run(changePassword(current, next));
      // Every other session ended; this one continues with the new token.
      setToken(reply.token);
      setCurrent("");
      setNext("");
      toast.success(reply.message);
    } catch {
      // the API client showed the server's message ("A palavra-passe atual está incorreta", the common-password rule)
    }
  };
  return (
    <form className="account-section" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Title first="ALTERAR" second="PALAVRA-PASSE" />
      <label className="field">
        Palavra-passe atual
        <input
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      </label>
      <label className="field">
        Nova palavra-passe
        <input
          name="newPassword"
          type="password"
          autoComplete="new-password"
          aria-describedby="new-password-hint"
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
      </label>
      <p id="new-password-hint" className="muted">
        {PASSWORD_HINT}
      </p>
      {problem && (
        <p className="field-error" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="btn">
        ALTERAR PALAVRA-PASSE
      </button>
    </form>
  );
}

function Notices({ account, onSaved }: { account: Account; onSaved: Saved }) {
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
      {!canPush && <p className="muted">{PUSH_UNSUPPORTED}</p>}
    </section>
  );
}
