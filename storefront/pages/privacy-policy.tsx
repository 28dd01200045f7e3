import { useShopSettings } from "../features/settings/settings-provider.tsx";

// Bilingual policy in nine sections (docs/product/storefront.md#privacy-policy).
const SECTIONS: readonly { pt: [string, string]; en: [string, string] }[] = [
  {
    pt: ["1. Proteção de dados", "Todo o tráfego entre o seu dispositivo e a nossa loja é protegido por SSL."],
    en: ["1. Data protection", "All traffic between your device and our shop is protected by SSL."],
  },
  {
    pt: [
      "2. Uso das informações",
      "Usamos os seus dados apenas para processar pedidos, para o login e para o suporte. Não os partilhamos com terceiros.",
    ],
    en: [
      "2. Use of information",
      "We use your data only to process orders, for login and for support. We do not share it with third parties.",
    ],
  },
  {
    pt: ["3. Direito à eliminação dos dados", "Pode pedir a qualquer momento que os seus dados pessoais sejam eliminados."],
    en: ["3. Right to data deletion", "You may ask at any time for your personal data to be deleted."],
  },
  {
    pt: [
      "4. Pagamentos por transferência bancária",
      "O reembolso de uma transferência feita por engano pode ser pedido no prazo de 7 dias úteis.",
    ],
    en: ["4. Bank-transfer payments", "A refund of a mistaken transfer may be requested within 7 business days."],
  },
  {
    pt: ["5. Envio", "Entregas nacionais em 7 a 14 dias úteis; o prazo dos envios internacionais varia."],
    en: ["5. Shipping", "Domestic deliveries take 7 to 14 business days; international shipping times vary."],
  },
  {
    pt: ["6. Suporte", "O nosso suporte está disponível 24/7."],
    en: ["6. Support", "Our support is available 24/7."],
  },
  {
    pt: ["7. Idade mínima", "Para comprar na loja é preciso ter pelo menos 18 anos."],
    en: ["7. Minimum age", "You must be at least 18 years old to buy from the shop."],
  },
  {
    pt: ["8. Alterações a esta política", "Podemos atualizar esta política; a versão em vigor é sempre a publicada nesta página."],
    en: ["8. Policy updates", "We may update this policy; the version in force is always the one published on this page."],
  },
];

export default function PrivacyPolicyPage() {
  const emails = useShopSettings()?.emails ?? [];
  const ptEmail = emails[0] ?? "";
  const enEmail = emails[1] ?? ptEmail;
  return (
    <div className="static-page policy-page">
      <h1 className="page-title">Política de Privacidade / Privacy Policy</h1>
      {SECTIONS.map(({ pt, en }) => (
        <section key={pt[0]}>
          <h2>{pt[0]}</h2>
          <p>{pt[1]}</p>
          <h3 lang="en">{en[0]}</h3>
          <p lang="en">{en[1]}</p>
        </section>
      ))}
      <section>
        <h2>9. Contacto</h2>
        <p>Em português: {ptEmail && <a href={`mailto:${ptEmail}`}>{ptEmail}</a>}</p>
        <h3 lang="en">9. Contact</h3>
        <p lang="en">In English: {enEmail && <a href={`mailto:${enEmail}`}>{enEmail}</a>}</p>
      </section>
    </div>
  );
}
