import { useState, type FormEvent } from "react";
import { Title } from "../../components/title.tsx";
import { type Account } from "./api/account.ts";
import { toast } from "../../lib/toast.ts";
import { useSave, type Saved } from "./use-save.ts";
import { personNameProblem } from "../../../shared/names.ts";

export function Profile({ account, onSaved }: { account: Account; onSaved: Saved }) {
  const [name, setName] = useState(account.name);
  const save = useSave(onSaved);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const problem = name.trim() ? personNameProblem(name.trim()) : "Nome é obrigatório";
    if (problem) {
      toast.error(problem);
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
