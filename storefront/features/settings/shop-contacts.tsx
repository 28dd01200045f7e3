import type { PublicSettings } from "../../../server/schemas/settings.ts";

/** Addresses, phones and one e-mail, as kept in the console's settings. */
export function ShopContacts({ settings }: { settings: PublicSettings | null }) {
  if (!settings) return null;
  return (
    <div className="contacts">
      {settings.addresses.map((a) => (
        <p key={a} className="pre-line">
          {a}
        </p>
      ))}
      {settings.phones.map((p) => (
        <p key={p}>
          Tel: <a href={`tel:${p.replace(/[^\d+]/g, "")}`}>{p}</a>
        </p>
      ))}
      {settings.emails[0] && (
        <p>
          Email: <a href={`mailto:${settings.emails[0]}`}>{settings.emails[0]}</a>
        </p>
      )}
    </div>
  );
}
