import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useBusy } from "../lib/busy.tsx";
import { resetPassword } from "../features/auth/api/password-reset.ts";
import { ApiError } from "../lib/api-client.ts";
import { toast } from "../lib/toast.ts";
import { PASSWORD_HINT, passwordProblem } from "../../shared/passwords.ts";

const LINK_INVALID = "Este link já não é válido. Peça um novo.";

/** The link from the reset e-mail (/reset-password?token=…): a new password, then the login page. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [invalid, setInvalid] = useState(!token);
  const { run } = useBusy();
  const navigate = useNavigate();

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = passwordProblem(password);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      toast.success(await run(resetPassword({ token, password })));
      void navigate("/login");
    } catch (error) {
      const message = error instanceof ApiError ? error.message : LINK_INVALID;
      if (message === LINK_INVALID) setInvalid(true);
      else toast.error(message);
    }
  };

  if (invalid) {
    return (
      <div className="auth">
        <h1 className="page-title">Nova palavra-passe</h1>
        <p role="alert">{LINK_INVALID}</p>
        <Link to="/forgot-password">Pedir um novo link</Link>
      </div>
    );
  }
  return (
    <form className="auth" onSubmit={onSubmit} noValidate>
      <h1 className="page-title">Nova palavra-passe</h1>
      <input
        type="password"
        placeholder="Nova palavra-passe"
        aria-label="Nova palavra-passe"
        aria-describedby="password-hint"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <p id="password-hint" className="field-hint">
        {PASSWORD_HINT}
      </p>
      <button type="submit" className="btn">
        Guardar a nova palavra-passe
      </button>
    </form>
  );
}
