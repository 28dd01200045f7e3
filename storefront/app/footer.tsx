import { Link } from "react-router-dom";
import { useShopSettings } from "../features/settings/settings-provider.tsx";
import { RETURNS_PAGE_PATH, RETURNS_PAGE_TITLE } from "../../shared/returns.ts";

export function Footer() {
  const settings = useShopSettings();
  return (
    <footer className="footer">
      <div className="footer-cols">
        <div>
          <p className="logo">
            LOJA<span>.</span>
          </p>
          <p className="strong">product 100% original</p>
          <p className="muted">
            Logística internacional para empresas (B2B), comércio eletrónico e vendas diretas: compramos, importamos e entregamos em Angola,
            com lojas em duas cidades e escritório de compras na China.
          </p>
        </div>
        <div>
          <p className="strong">EMPRESA</p>
          <ul>
            <li>
              <Link to="/">Início</Link>
            </li>
            <li>
              <Link to="/about">Sobre nós</Link>
            </li>
            <li>
              <Link to="/novos">Novidades</Link>
            </li>
            <li>
              <Link to="/privacypolicy">Política de privacidade</Link>
            </li>
            <li>
              <Link to={RETURNS_PAGE_PATH}>{RETURNS_PAGE_TITLE}</Link>
            </li>
          </ul>
        </div>
        <div>
          <p className="strong">
            <Link to="/contact">CONTACTE-NOS</Link>
          </p>
          <ul>
            {settings?.phones.slice(0, 3).map((p) => (
              <li key={p}>
                <a href={`tel:${p.replace(/[^\d+]/g, "")}`}>{p}</a>
              </li>
            ))}
            {settings?.emails[0] && (
              <li>
                <a href={`mailto:${settings.emails[0]}`}>{settings.emails[0]}</a>
              </li>
            )}
          </ul>
        </div>
      </div>
      <p className="copyright">© {new Date().getFullYear()} Loja — Todos os direitos reservados.</p>
    </footer>
  );
}
