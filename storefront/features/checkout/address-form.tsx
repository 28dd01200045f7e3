import type { ChangeEvent } from "react";
import type { Address } from "./types.ts";

export const EMPTY_ADDRESS: Address = { firstName: "", lastName: "", email: "", street: "", city: "", state: "", zipcode: "", country: "", phone: "" };

/** Nothing typed yet: a saved address may fill it (checkout). */
export const isEmptyAddress = (a: Address) => Object.values(a).every((v) => !v.trim());

/** A saved address as the form holds it: every field a string. */
export const toFormAddress = (a: Partial<Address>): Address => ({ ...EMPTY_ADDRESS, ...Object.fromEntries(Object.entries(a).filter(([, v]) => typeof v === "string")) });

const FIELDS: readonly { name: keyof Address; label: string; type?: string; mode?: "numeric" | "tel"; auto: string; half?: boolean }[] = [
  { name: "firstName", label: "Primeiro nome", auto: "given-name", half: true },
  { name: "lastName", label: "Sobrenome", auto: "family-name", half: true },
  { name: "email", label: "Email", type: "email", auto: "email" },
  { name: "street", label: "Endereço da Rua", auto: "street-address" },
  { name: "city", label: "Cidade", auto: "address-level2", half: true },
  { name: "state", label: "Província (opcional)", auto: "address-level1", half: true },
  { name: "zipcode", label: "Código Postal", mode: "numeric", auto: "postal-code", half: true },
  { name: "country", label: "País", auto: "country-name", half: true },
  { name: "phone", label: "Telefone", type: "tel", mode: "tel", auto: "tel" },
];

/** The delivery address fields of SPEC.md §5 (checkout, and the account's saved address). */
export function AddressInputs({ address, errors, onChange }: { address: Address; errors: Partial<Record<keyof Address, string>>; onChange: (next: Address) => void }) {
  const set = (name: keyof Address) => (e: ChangeEvent<HTMLInputElement>) => onChange({ ...address, [name]: e.target.value });
  return (
    <div className="fields">
      {FIELDS.map((f) => (
        <label key={f.name} className={f.half ? "field half" : "field"}>
          <input
            name={f.name}
            type={f.type ?? "text"}
            inputMode={f.mode}
            autoComplete={f.auto}
            placeholder={f.label}
            aria-label={f.label}
            aria-invalid={Boolean(errors[f.name])}
            value={address[f.name]}
            onChange={set(f.name)}
          />
          {errors[f.name] && <span className="field-error">{errors[f.name]}</span>}
        </label>
      ))}
    </div>
  );
}
