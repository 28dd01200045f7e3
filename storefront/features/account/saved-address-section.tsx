import { useState, type FormEvent } from "react";
import { addressErrors, withPostcode } from "../../../shared/checkout.ts";
import { Title } from "../../components/title.tsx";
import { type Account } from "./api/account.ts";
import { AddressInputs, NEW_ADDRESS, toFormAddress } from "../checkout/address-form.tsx";
import type { Address } from "../checkout/types.ts";
import { useSave, type Saved } from "./use-save.ts";

export function SavedAddress({ account, onSaved }: { account: Account; onSaved: Saved }) {
  const [address, setAddress] = useState<Address>(account.savedAddress ? toFormAddress(account.savedAddress) : NEW_ADDRESS);
  const [errors, setErrors] = useState<Partial<Record<keyof Address, string>>>({});
  const save = useSave(onSaved);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // Angola has no postal codes: an empty one is saved as 0000, as the checkout sends it.
    const complete = withPostcode(address);
    const found = addressErrors(complete);
    setErrors(found);
    if (Object.keys(found).length) return;
    const trimmed = Object.fromEntries(Object.entries(complete).map(([k, v]) => [k, v.trim()])) as unknown as Address;
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
      <p className="muted">Preenche o formulário do pedido por si.</p>
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
