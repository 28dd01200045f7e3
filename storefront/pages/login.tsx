import { lazy, Suspense, useEffect, useState, type FormEvent } from "react";
import { Link, useLocation, useNavigate } from "react-router-dom";
import { toast } from "../lib/toast.ts";
import { useBusy } from "../lib/busy.tsx";
import { useShopSettings } from "../features/settings/settings-provider.tsx";
import { useSession } from "../features/auth/session.tsx";
import { login } from "../features/auth/api/login.ts";
import { register } from "../features/auth/api/register.ts";
import { signUpError } from "../../shared/checkout.ts";
import { PASSWORD_HINT } from "../../shared/passwords.ts";
import { checkoutHandOver, pathAfterLogin, placeOrderNow } from "../features/auth/return-after-login.ts";

// Phone login needs Google's scripts: loaded only where the shop configured it.
const PhoneLogin = lazy(() => import("../features/auth/phone-login.tsx"));

type Mode = "Login" | "Sign Up";

export default function LoginPage() {
  const state: unknown = useLocation().state;
  const after = pathAfterLogin(state);
  // From checkout: a new account is the likely way on, started with the name and e-mail typed in the form; the
  // order is placed as soon as the shopper is back (docs/product/checkout.md#placing-an-order).
  const [handOver] = useState(() => checkoutHandOver(state));
  const [mode, setMode] = useState<Mode>(handOver ? "Sign Up" : "Login");
  const [name, setName] = useState(handOver?.name ?? "");
  const [email, setEmail] = useState(handOver?.email ?? "");
  const [password, setPassword] = useState("");
  const { token, setToken } = useSession();
  const settings = useShopSettings();
  const { run } = useBusy();
  const navigate = useNavigate();

  useEffect(() => {
    if (token) void navigate(after, { replace: after !== "/", ...(handOver ? { state: placeOrderNow } : {}) });
  }, [token, navigate, after, handOver]);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (mode === "Sign Up") {
      const error = signUpError({ name, email, password });
      if (error) {
        toast.error(error);
        return;
      }
    }
    try {
      const next = await run(
        mode === "Sign Up" ? register({ name: name.trim(), email: email.trim(), password }) : login({ email: email.trim(), password }),
      );
      setToken(next);
      toast.success("Login realizado com sucesso!");
    } catch {
      // the API client already showed the server's message
    }
  };

  return (
    <form className="auth" onSubmit={onSubmit} noValidate>
      <h1 className="page-title">{mode === "Login" ? "Login" : "Sign Up"}</h1>
      {handOver && (
        <p className="field-hint" data-testid="checkout-hand-over">
          {mode === "Sign Up"
            ? "Falta só criar a sua conta: o pedido é feito logo a seguir, com os dados que escreveu."
            : "Entre na sua conta: o pedido é feito logo a seguir, com os dados que escreveu."}
        </p>
      )}
      {mode === "Sign Up" && (
        <input
          type="text"
          placeholder="Nome"
          aria-label="Nome"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
      )}
      <input
        type="email"
        placeholder="Email"
        aria-label="Email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <input
        type="password"
        placeholder="Password"
        aria-label="Password"
        autoComplete={mode === "Login" ? "current-password" : "new-password"}
        aria-describedby={mode === "Sign Up" ? "password-hint" : undefined}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {mode === "Sign Up" && (
        <p id="password-hint" className="field-hint">
          {PASSWORD_HINT}
        </p>
      )}
      <div className="auth-links">
        <Link to="/forgot-password">Esqueceu sua senha?</Link>
        {mode === "Login" ? (
          <button type="button" className="link" onClick={() => setMode("Sign Up")}>
            Criar uma conta
          </button>
        ) : (
          <button type="button" className="link" onClick={() => setMode("Login")}>
            Faça login aqui
          </button>
        )}
      </div>
      <button type="submit" className="btn">
        {mode === "Login" ? "Entrar" : "Registar"}
      </button>
      {settings?.phoneLogin && (
        <Suspense fallback={null}>
          <PhoneLogin config={settings.phoneLogin} onToken={setToken} />
        </Suspense>
      )}
    </form>
  );
}
