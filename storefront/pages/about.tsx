import { useShopSettings } from "../features/settings/settings-provider.tsx";
import { PolicyStrip } from "../components/policy-strip.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import { Title } from "../components/title.tsx";
import { ShopContacts } from "../features/settings/shop-contacts.tsx";

export default function AboutPage() {
  const ready = useSkeletonDelay();
  const settings = useShopSettings();
  if (!ready) return <Skeleton count={6} variant="row" />;
  return (
    <div className="static-page">
      <Title first="SOBRE" second="NÓS" as="h1" />
      <p>
        Trazemos para Angola produtos importados selecionados — moda, eletrónicos, mobília, máquinas e telefones — e tratamos do envio da
        sua mercadoria, de pequenas encomendas a grandes projetos.
      </p>
      <p>
        Temos lojas físicas em duas cidades de Angola e um escritório de compras na China, que escolhe e verifica cada artigo antes do
        envio. Cada produto é 100% original.
      </p>
      <p>
        Entregamos ao domicílio, com troca fácil e devolução gratuita de 7 a 14 dias. O pagamento é feito por transferência bancária e o
        nosso suporte responde 24/7.
      </p>
      <Title first="AS NOSSAS" second="LOJAS" />
      <ShopContacts settings={settings} />
      <PolicyStrip />
    </div>
  );
}
