import { Link } from "react-router-dom";
import { ASK_RETURN, RETURNS_PAGE_TITLE } from "../../shared/returns.ts";
import { useShopSettings } from "../features/settings/settings-provider.tsx";

// "Trocas e devoluções" (docs/product/returns.md#the-window-and-the-policy): the shop's window and its own policy text
// (Definições), and how to ask from /orders.
export default function ReturnsPolicyPage() {
  const returns = useShopSettings()?.returns;
  const days = returns?.windowDays ?? 0;
  return (
    <div className="static-page policy-page">
      <h1 className="page-title">{RETURNS_PAGE_TITLE}</h1>
      {returns && (
        <section>
          <h2>Prazo</h2>
          <p data-testid="return-window">
            {days > 0
              ? `Pode pedir a troca ou a devolução de um pedido até ${days} dia${days === 1 ? "" : "s"} depois de a receber.`
              : "De momento as trocas e devoluções combinam-se na conversa do pedido."}
          </p>
        </section>
      )}
      {returns?.policy && (
        <section>
          <h2>Como devolver</h2>
          <p className="return-policy-text">{returns.policy}</p>
        </section>
      )}
      <section>
        <h2>Como pedir</h2>
        <p>
          Em <Link to="/orders">Minhas encomendas</Link>, no pedido entregue, toque em "{ASK_RETURN}", escolha os artigos e o que prefere
          (reembolso ou outro tamanho) e confirme. Acompanha cada passo na conversa do pedido.
        </p>
      </section>
    </div>
  );
}
