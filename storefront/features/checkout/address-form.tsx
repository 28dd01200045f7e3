import { useId, type ChangeEvent } from "react";
import { ANGOLA_PROVINCES, DEFAULT_COUNTRY } from "../../../shared/checkout.ts";
import type { Address } from "./types.ts";

const EMPTY_ADDRESS: Address = {
  firstName: "",
  lastName: "",
  email: "",
  street: "",
  city: "",
  state: "",
  zipcode: "",
  country: "",
  phone: "",
};

/** A form nobody has filled yet: the shop delivers in Angola. */
export const NEW_ADDRESS: Address = { ...EMPTY_ADDRESS, country: DEFAULT_COUNTRY };

/** A saved address as the form holds it: every field a string. */
export const toFormAddress = (a: Partial<Address>): Address => ({
  ...EMPTY_ADDRESS,
  ...Object.fromEntries(Object.entries(a).filter(([, v]) => typeof v === "string")),
});

/** Angola has no postal codes: left empty, the form sends 0000 (shared/checkout.ts `withPostcode`). */
const NO_ZIPCODE_HINT = "Opcional: em Angola pode deixar em branco";
/** Couriers in Luanda find a door by what stands near it. */
const LANDMARK_HINT = "Por exemplo: perto da igreja, portão azul";

/** The fields in the form's order: a failed submit brings the first one with a message into view. */
export const focusFirstError = (errors: Partial<Record<keyof Address, string>>) => {
  const first = FIELDS.find((f) => errors[f.name]);
  const input = first ? document.querySelector<HTMLElement>(`.fields [name="${first.name}"]`) : null;
  input?.scrollIntoView?.({ block: "center" });
  input?.focus({ preventScroll: true });
};

const FIELDS: readonly {
  name: keyof Address;
  label: string;
  type?: string;
  mode?: "numeric" | "tel";
  auto: string;
  half?: boolean;
  hint?: string;
  /** Only on the checkout (kept on the order for the courier), not in the account's saved address. */
  courier?: boolean;
}[] = [
  { name: "firstName", label: "Primeiro nome", auto: "given-name", half: true },
  { name: "lastName", label: "Sobrenome", auto: "family-name", half: true },
  { name: "email", label: "Email", type: "email", auto: "email" },
  { name: "street", label: "Endereço da Rua", auto: "street-address" },
  { name: "neighborhood", label: "Bairro (opcional)", auto: "address-level3", half: true, courier: true },
  { name: "landmark", label: "Ponto de referência (opcional)", auto: "off", half: true, hint: LANDMARK_HINT, courier: true },
  { name: "city", label: "Cidade", auto: "address-level2", half: true },
  // Required to deliver to the door, not for a pickup (shared/checkout.ts provinceProblem).
  { name: "state", label: "Província", auto: "address-level1", half: true },
  { name: "zipcode", label: "Código Postal", mode: "numeric", auto: "postal-code", half: true, hint: NO_ZIPCODE_HINT },
  { name: "country", label: "País", auto: "country-name", half: true },
  { name: "phone", label: "Telefone", type: "tel", mode: "tel", auto: "tel" },
];

/** The delivery address fields (checkout, and the account's saved address), each with a visible label. */
export function AddressInputs({
  address,
  errors,
  onChange,
  courierFields = false,
}: {
  address: Address;
  errors: Partial<Record<keyof Address, string>>;
  onChange: (next: Address) => void;
  /** Bairro and ponto de referência (the checkout's). */
  courierFields?: boolean;
}) {
  const id = useId();
  const set = (name: keyof Address) => (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...address, [name]: e.target.value });
  // A province typed before the list existed stays choosable rather than silently dropped.
  const provinces = address.state && !ANGOLA_PROVINCES.includes(address.state) ? [...ANGOLA_PROVINCES, address.state] : ANGOLA_PROVINCES;
  return (
    <div className="fields">
      {FIELDS.filter((f) => courierFields || !f.courier).map((f) => {
        const inputId = `${id}-${f.name}`;
        const described = [errors[f.name] && `${inputId}-error`, f.hint && `${inputId}-hint`].filter(Boolean).join(" ") || undefined;
        const common = {
          id: inputId,
          name: f.name,
          autoComplete: f.auto,
          "aria-invalid": Boolean(errors[f.name]),
          "aria-describedby": described,
          value: address[f.name] ?? "",
          onChange: set(f.name),
        };
        return (
          <div key={f.name} className={f.half ? "field half" : "field"}>
            <label htmlFor={inputId}>{f.label}</label>
            {f.name === "state" ? (
              <select {...common}>
                <option value="">Escolha a província</option>
                {provinces.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            ) : (
              <input {...common} type={f.type ?? "text"} inputMode={f.mode} />
            )}
            {errors[f.name] && (
              <span id={`${inputId}-error`} className="field-error">
                {errors[f.name]}
              </span>
            )}
            {f.hint && (
              <span id={`${inputId}-hint`} className="field-note">
                {f.hint}
              </span>
            )}
          </div>
        );
      })}
    </div>
  );
}
