// The buyer's NIF for fiscal documents (docs/product/fiscal-documents.md#the-nif): saved here, it fills the checkout's
// NIF. The rule is shared/nif.ts's, the server's own.
import { useState, type FormEvent } from "react";
import { Title } from "../../components/title.tsx";
import { type Account } from "./api/account.ts";
import { useSave, type Saved } from "./use-save.ts";
import { nifProblem, normalizeNif } from "../../../shared/nif.ts";

export function NifSection({ account, onSaved }: { account: Account; onSaved: Saved }) {
  const [nif, setNif] = useState(account.nif ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = useSave(onSaved);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = nifProblem(nif);
    setError(problem);
    if (problem) return;
    const normalised = normalizeNif(nif);
    if (await save({ nif: normalised || null }, normalised ? "NIF guardado" : "NIF removido")) setNif(normalised);
  };
  return (
    <form className="account-section" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Title first="DADOS" second="FISCAIS" />
      <p className="muted">O NIF vai nas faturas dos seus pedidos. Sem NIF, a fatura é emitida a “Consumidor final”.</p>
      <label className="field">
        NIF (opcional)
        <input
          name="nif"
          inputMode="text"
          autoComplete="off"
          placeholder="NIF da empresa ou n.º do BI"
          value={nif}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "account-nif-error" : undefined}
          onChange={(e) => setNif(e.target.value)}
        />
      </label>
      {error && (
        <p id="account-nif-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="btn">
        GUARDAR NIF
      </button>
    </form>
  );
}
