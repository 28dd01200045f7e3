import { useState, type FormEvent } from "react";
import { PASSWORD_HINT, passwordProblem } from "../../../shared/passwords.ts";
import { useSession } from "../auth/session.tsx";
import { useBusy } from "../../lib/busy.tsx";
import { Title } from "../../components/title.tsx";
import { changePassword } from "./api/account.ts";
import { toast } from "../../lib/toast.ts";

export function PasswordChange() {
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
