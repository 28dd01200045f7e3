// The checkout's optional NIF (docs/product/fiscal-documents.md#the-nif): started from the account's saved NIF,
// checked by the shared rule before sending, and, where the shop has a fiscal provider, the name the AGT knows it by.
import { useEffect, useState } from "react";
import { getAccount } from "../account/api/account.ts";
import { nifKind, nifProblem, normalizeNif } from "../../../shared/nif.ts";
import { taxpayerName } from "./api/taxpayer.ts";

export function useCheckoutNif(token: string) {
  const [nif, setNif] = useState("");
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (!token || touched) return;
    let live = true;
    void getAccount({ quiet: true })
      .then((account) => live && account.nif && setNif((typed) => typed || account.nif!))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token, touched]);
  const edit = (value: string) => {
    setTouched(true);
    setNif(value);
  };
  return { nif, edit };
}

export function NifField({ nif, onChange, error }: { nif: string; onChange: (value: string) => void; error: string | null }) {
  const [name, setName] = useState<string | null>(null);
  const normalised = normalizeNif(nif);
  const lookable = !nifProblem(nif) && nifKind(normalised) === "company";
  useEffect(() => {
    setName(null);
    if (!lookable) return;
    let live = true;
    void taxpayerName(normalised).then((found) => live && setName(found));
    return () => {
      live = false;
    };
  }, [normalised, lookable]);
  return (
    <div className="checkout-nif">
      <label className="field">
        NIF (opcional)
        <input
          name="nif"
          autoComplete="off"
          placeholder="NIF da empresa ou n.º do BI"
          value={nif}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "checkout-nif-error" : "checkout-nif-hint"}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
      {error ? (
        <p id="checkout-nif-error" className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id="checkout-nif-hint" className="muted">
          {name ? `Fatura em nome de ${name}` : "Para a fatura. Sem NIF, é emitida a “Consumidor final”."}
        </p>
      )}
    </div>
  );
}
