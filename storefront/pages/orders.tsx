import { Link } from "react-router-dom";
import { formatKz } from "../../shared/money.ts";
import { DELIVERED, shortOrderId } from "../../shared/orders.ts";
import { Skeleton } from "../components/skeleton.tsx";
import { useOrders } from "../features/orders/use-orders.ts";

const dateFormat = new Intl.DateTimeFormat("pt-PT", { day: "2-digit", month: "2-digit", year: "numeric" });

export default function OrdersPage() {
  const orders = useOrders();

  return (
    <div className="orders">
      <h1 className="page-title">MINHAS ENCOMENDAS</h1>
      {!orders ? (
        <Skeleton count={6} variant="row" />
      ) : orders.length === 0 ? (
        <p className="empty">Nenhum pedido encontrado</p>
      ) : (
        orders.map((o) => (
          <article key={o._id} className="order" data-testid="order">
            <header className="order-head">
              <p className="strong">Pedido #{shortOrderId(o._id)}</p>
              <p className="muted">{dateFormat.format(new Date(o.createdAt))}</p>
              <p className="status">
                <span className={o.status === DELIVERED ? "dot dot-done" : "dot dot-pending"} data-testid="status-dot" /> {o.status}
              </p>
            </header>
            <ul>
              {o.items.map((item, i) => (
                <li key={`${item.itemId}:${item.size}:${i}`} className="order-item">
                  <img src={item.image[0]} alt="" width={64} height={64} loading="lazy" decoding="async" />
                  <div>
                    <p>{item.name}</p>
                    <p className="muted">
                      {formatKz(item.price)} · Tamanho: {item.size} · Quantidade: {item.quantity}
                    </p>
                  </div>
                </li>
              ))}
            </ul>
            <footer className="order-foot">
              <p className="strong">Total: {formatKz(o.totalAmount)}</p>
              <Link to={`/message/${o._id}`} className="btn btn-outline">Mensagem</Link>
            </footer>
          </article>
        ))
      )}
    </div>
  );
}
