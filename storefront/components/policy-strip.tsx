import { ExchangeIcon, ShieldIcon, SupportIcon } from "./icons.tsx";

// The shop's promises (docs/product/overview.md#what-the-shop-says-about-itself): easy exchange, 7 to 14 day free returns, 24/7 support.
export function PolicyStrip() {
  return (
    <section className="policy">
      <div>
        <ExchangeIcon />
        <p className="strong">Troca fácil</p>
        <p className="muted">Oferecemos uma política de troca sem complicações</p>
      </div>
      <div>
        <ShieldIcon />
        <p className="strong">Política de devolução</p>
        <p className="muted">Devolução gratuita de 7 a 14 dias</p>
      </div>
      <div>
        <SupportIcon />
        <p className="strong">Suporte 24/7</p>
        <p className="muted">Apoio ao cliente 24 horas por dia, 7 dias por semana</p>
      </div>
    </section>
  );
}
