import { useShopSettings } from "../features/settings/settings-provider.tsx";
import { Skeleton, useSkeletonDelay } from "../components/skeleton.tsx";
import { Title } from "../components/title.tsx";
import { ShopContacts } from "../features/settings/shop-contacts.tsx";

export default function ContactPage() {
  const ready = useSkeletonDelay();
  const settings = useShopSettings();
  if (!ready) return <Skeleton count={6} variant="row" />;
  return (
    <div className="static-page">
      <Title first="CONTACTE-" second="NOS" as="h1" />
      <p>As nossas lojas e o suporte estão ao seu dispor 24/7 para pedidos, envios e dúvidas.</p>
      <ShopContacts settings={settings} />
      <p className="muted">Escritório de compras na China: escolhemos e verificamos cada produto antes do envio para Angola.</p>
    </div>
  );
}
