import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { useBusy } from "../lib/busy.tsx";
import { forgotPassword } from "../features/auth/api/password-reset.ts";
import { EMAIL_PATTERN } from "../../shared/checkout.ts";
import { toast } from "../lib/toast.ts";

/** "Esqueceu sua senha?": asks for the e-mail, then says what the server says (the same for every address). */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [sent, setSent] = useState<string | null>(null);
  const { run } = useBusy();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!EMAIL_PATTERN.test(email.trim())) {
      toast.error("Email é obrigatório");
      return;
    }
    try {
      setSent(await run(forgotPassword({ email: email.trim() })));
    } catch {
      // the API client already showed the server's message
    }
  };

  if (sent) {
    return (
      <div className="auth">
        <h1 className="page-title">Recuperar a palavra-passe</h1>
        <p role="status">{sent}</p>
        <Link to="/login">Voltar ao login</Link>
      </div>
    );
  }
  return (
    <form className="auth" onSubmit={onSubmit} noValidate>
      <h1 className="page-title">Recuperar a palavra-passe</h1>
      <p>Indique o e-mail da sua conta. Enviamos um link para criar uma nova palavra-passe.</p>
      <input
        type="email"
        placeholder="Email"
        aria-label="Email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit" className="btn">
        Enviar o link
      </button>
      <Link to="/login">Voltar ao login</Link>
    </form>
  );
}
