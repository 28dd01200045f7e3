import { useState } from "react";
import { useParams } from "react-router-dom";
import { toast } from "../lib/toast.ts";
import { useCart } from "../features/cart/cart-provider.tsx";
import { useCatalogue } from "../features/catalogue/catalogue-provider.tsx";
import { ProductGrid } from "../components/product-card.tsx";
import { ProductImage } from "../components/product-image.tsx";
import { Title } from "../components/title.tsx";
import { relatedProducts } from "../features/catalogue/selections.ts";
import { formatKz } from "../../shared/money.ts";
import { PRODUCT_MAIN_SIZES } from "../features/catalogue/image-sizes.ts";

/** Keyed by id so a related product opens with a fresh image and size choice. */
export default function ProductPage() {
  const { productId = "" } = useParams();
  return <ProductView key={productId} productId={productId} />;
}

function ProductView({ productId }: { productId: string }) {
  const { products } = useCatalogue();
  const { add } = useCart();
  const product = products.find((p) => p._id === productId);
  const [imageIndex, setImageIndex] = useState(0);
  const [size, setSize] = useState("");

  // SPEC.md §2: blank until the product is found in the loaded list.
  if (!product) return <div className="blank" />;

  const onAdd = () => {
    if (!size) {
      toast.error("Select Product Size");
      return;
    }
    add(product._id, size);
  };

  return (
    <div className="product">
      <div className="product-top">
        <div className="gallery">
          <div className="gallery-thumbs">
            {product.image.map((_, i) => (
              <button key={i} type="button" className={i === imageIndex ? "active" : ""} onClick={() => setImageIndex(i)} aria-label={`Imagem ${i + 1}`}>
                <ProductImage image={product.image} thumbnail={product.thumbnail} index={i} alt="" sizes="80px" />
              </button>
            ))}
          </div>
          <div className="gallery-main">
            <ProductImage image={product.image} thumbnail={product.thumbnail} index={imageIndex} alt={product.name} sizes={PRODUCT_MAIN_SIZES} priority />
          </div>
        </div>
        <div className="product-info">
          <h1>{product.name}</h1>
          <p className="product-price">{formatKz(product.price)}</p>
          <p className="muted pre-line">{product.description}</p>
          {product.sizes.length > 0 && (
            <div className="sizes">
              <p>Selecione o tamanho ou a cor</p>
              <div role="radiogroup" aria-label="Tamanho ou cor">
                {product.sizes.map((s) => (
                  <button key={s} type="button" role="radio" aria-checked={s === size} className={s === size ? "size active" : "size"} onClick={() => setSize(s)}>
                    {s}
                  </button>
                ))}
              </div>
            </div>
          )}
          <button type="button" className="btn" onClick={onAdd}>ADICIONAR AO CARRINHO</button>
          <hr />
          <ul className="notes muted">
            <li>Produto 100% original.</li>
            <li>Pagamento por transferência bancária.</li>
            <li>Troca fácil e devolução gratuita de 7 a 14 dias.</li>
          </ul>
        </div>
      </div>
      <section className="section">
        <Title first="PRODUTOS" second="RELACIONADOS" />
        <ProductGrid products={relatedProducts(products, product)} />
      </section>
    </div>
  );
}
