import { SOLD_OUT, SOLD_OUT_LABEL } from "../../shared/catalogue.ts";
import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { toast } from "../lib/toast.ts";
import { useCachedApi } from "../lib/cached-api.ts";
import { usePageMeta } from "../app/page-meta.tsx";
import { useCart } from "../features/cart/cart-provider.tsx";
import { productUrl, type Product, type ProductDetailReply } from "../features/catalogue/api/catalogue.ts";
import { ProductGrid } from "../features/catalogue/product-card.tsx";
import { ProductImage } from "../components/product-image.tsx";
import { Title } from "../components/title.tsx";
import { WhenNear } from "../components/when-near.tsx";
import { formatKz } from "../../shared/money.ts";
import { PRODUCT_NOT_FOUND_META, productPageMeta } from "../../shared/pages.ts";
import { PRODUCT_MAIN_SIZES } from "../../shared/product-images.ts";
import { useShopSettings } from "../features/settings/settings-provider.tsx";
import { shopWhatsApp, whatsAppLink } from "../features/settings/whatsapp.ts";
import { rememberPrice } from "../features/cart/seen-prices.ts";

/** Keyed by id so a related product opens with a fresh image and size choice. */
export default function ProductPage() {
  const { productId = "" } = useParams();
  return <ProductView key={productId} productId={productId} />;
}

/** An unknown or deleted product (the server answered 404), instead of a page that stays blank. */
function ProductNotFound() {
  usePageMeta(PRODUCT_NOT_FOUND_META);
  return (
    <div className="empty">
      <h1>Produto não encontrado</h1>
      <p>Este produto já não está à venda ou o endereço está errado.</p>
      <Link className="btn" to="/collection">
        VER A COLEÇÃO
      </Link>
    </div>
  );
}

function ProductView({ productId }: { productId: string }) {
  const { data, error } = useCachedApi<ProductDetailReply>(productUrl(productId));
  if (error?.status === 404) return <ProductNotFound />;
  // Blank until the product has arrived.
  if (!data) return <div className="blank" />;
  return <ProductDetails product={data.product} related={data.related} />;
}

/** The product's own address, as shared (the server renders it whole for link previews). */
const shareUrl = (product: Product) => `${window.location.origin}/product/${encodeURIComponent(product._id)}`;

function ProductDetails({ product, related }: { product: Product; related: readonly Product[] }) {
  const { add } = useCart();
  const whatsApp = shopWhatsApp(useShopSettings());
  const [imageIndex, setImageIndex] = useState(0);
  const [size, setSize] = useState("");
  // After an add: the way to the cart beside the button (the toast goes after 5 s, and may be off the shopper's eye).
  const [added, setAdded] = useState(false);
  usePageMeta(productPageMeta(product));
  const summary = `${product.name} — ${formatKz(product.price)}\n${shareUrl(product)}`;

  const onAdd = () => {
    if (!size) {
      toast.error("Select Product Size");
      return;
    }
    rememberPrice(product._id, size, product.price);
    add(product._id, size);
    setAdded(true);
  };

  return (
    <div className="product">
      <div className="product-top">
        <div className="gallery">
          <div className="gallery-thumbs">
            {product.image.map((_, i) => (
              <button
                key={i}
                type="button"
                className={i === imageIndex ? "active" : ""}
                onClick={() => setImageIndex(i)}
                aria-label={`Imagem ${i + 1}`}
              >
                {/* The same three renditions as the main picture: the browser reuses the one it already has. */}
                <ProductImage image={product.image} thumbnail={product.thumbnail} middle={product.middle} index={i} alt="" sizes="80px" />
              </button>
            ))}
          </div>
          <div className="gallery-main">
            <ProductImage
              image={product.image}
              thumbnail={product.thumbnail}
              middle={product.middle}
              index={imageIndex}
              alt={product.name}
              sizes={PRODUCT_MAIN_SIZES}
              priority
            />
          </div>
        </div>
        <div className="product-info">
          <h1>{product.name}</h1>
          <p className="product-price">{formatKz(product.price)}</p>
          {product.sizes.length > 0 && (
            <div className="sizes">
              <p>Selecione o tamanho ou a cor</p>
              <div role="radiogroup" aria-label="Tamanho ou cor">
                {product.sizes.map((s) => {
                  // A size with no unit left is shown, never choosable (docs/product/orders.md#stock).
                  const gone = product.soldOutSizes?.includes(s) ?? false;
                  return (
                    <button
                      key={s}
                      type="button"
                      role="radio"
                      aria-checked={s === size}
                      className={s === size ? "size active" : gone ? "size size-gone" : "size"}
                      disabled={gone}
                      aria-label={gone ? `${s} (${SOLD_OUT_LABEL.toLowerCase()})` : undefined}
                      onClick={() => setSize(s)}
                    >
                      {s}
                    </button>
                  );
                })}
              </div>
            </div>
          )}
          {product.soldOut ? (
            <>
              <button type="button" className="btn" disabled>
                {SOLD_OUT_LABEL.toUpperCase()}
              </button>
              <p className="muted">{SOLD_OUT}. Pergunte-nos quando volta a chegar.</p>
            </>
          ) : (
            <button type="button" className="btn" onClick={onAdd}>
              ADICIONAR AO CARRINHO
            </button>
          )}
          {added && (
            <p className="product-added" data-testid="product-added">
              Está no seu carrinho.{" "}
              <Link className="btn btn-outline btn-small" to="/cart">
                Ver carrinho
              </Link>
            </p>
          )}
          {/* Under the button: on a phone the sizes and the button come first, on the first screen. */}
          <p className="muted pre-line">{product.description}</p>
          <div className="share">
            <a className="btn btn-outline btn-small" href={whatsAppLink(summary)} target="_blank" rel="noopener noreferrer">
              Partilhar no WhatsApp
            </a>
            {whatsApp && (
              <a
                className="btn btn-outline btn-small"
                href={whatsAppLink(`Olá! Tenho uma pergunta sobre este produto:\n${summary}`, whatsApp)}
                target="_blank"
                rel="noopener noreferrer"
              >
                Perguntar no WhatsApp
              </a>
            )}
          </div>
          <hr />
          <ul className="notes muted">
            <li>Produto 100% original.</li>
            <li>Pagamento por transferência bancária.</li>
            <li>Troca fácil e devolução gratuita de 7 a 14 dias.</li>
          </ul>
        </div>
      </div>
      {/* Below the first screen: drawn as the shopper scrolls near it (docs/design/performance.md#main-thread-work-issue-46). */}
      <WhenNear id="product-related" minHeight={RELATED_HEIGHT}>
        <section className="section">
          <Title first="PRODUTOS" second="RELACIONADOS" />
          <ProductGrid products={related} />
        </section>
      </WhenNear>
    </div>
  );
}

/** Room kept for the related products until they are drawn (about their height on a phone). */
const RELATED_HEIGHT = 1000;
