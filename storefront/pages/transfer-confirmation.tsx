import { useEffect, useState } from "react";
import { Link } from "react-router-dom";
import { useShopSettings } from "../features/settings/settings-provider.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import { copyText } from "../features/settings/copy-text.ts";

/** SPEC.md §9: the copy feedback shows for 2000 ms. */
const COPY_FEEDBACK_MS = 2000;

export default function TransferConfirmationPage() {
  const ready = useSkeletonDelay();
  const bank = useShopSettings()?.bank;
  const [copied, setCopied] = useState("");

  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(""), COPY_FEEDBACK_MS);
    return () => clearTimeout(t);
  }, [copied]);

  if (!ready || !bank) return <Skeleton count={4} variant="row" />;
  const fields = [
    { label: "Banco", value: bank.bankName },
    { label: "Titular da conta", value: bank.accountHolder },
    { label: "Número da conta", value: bank.accountNumber },
    { label: "IBAN", value: bank.iban },
  ];

  return (
    <div className="transfer">
      <h1 className="page-title">Obrigado por fazer a sua encomenda conosco!</h1>
      <p className="muted">
        Faça a transferência bancária do valor total para a conta abaixo e envie o comprovativo na conversa da encomenda. O pedido é preparado assim que o
        pagamento for confirmado.
      </p>
      <dl className="bank">
        {fields.map((f) => (
          <div key={f.label} className="bank-row">
            <dt>{f.label}</dt>
            <dd>{f.value}</dd>
            {/* Inside the group as a <dd>: a <dl> may hold only name-value groups (axe: definition-list). */}
            <dd className="bank-copy">
              <button
                type="button"
                className="btn btn-outline btn-small"
                aria-label={`Copiar ${f.label}`}
                onClick={() => copyText(f.value).then(() => setCopied(f.label.toUpperCase()), () => {})}
              >
                Copiar
              </button>
            </dd>
          </div>
        ))}
      </dl>
      <p className="copied" role="status">{copied && `Copiado: ${copied}`}</p>
      <Link to="/orders" className="btn">Ver a Encomenda</Link>
    </div>
  );
}
