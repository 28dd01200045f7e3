import { Link } from "react-router-dom";
import type { Product } from "./api/catalogue.ts";
import { formatKz } from "../../../shared/money.ts";
import { SOLD_OUT_LABEL } from "../../../shared/catalogue.ts";
import { ProductImage } from "../../components/product-image.tsx";

function ProductCard({ product, eager, priority }: { product: Product; eager?: boolean; priority?: boolean }) {
  return (
    <Link to={`/product/${product._id}`} className="card" data-testid="product-card">
      <div className="card-img">
        <ProductImage
          image={product.image}
          thumbnail={product.thumbnail}
          middle={product.middle}
          alt={product.name}
          eager={eager}
          priority={priority}
        />
        {product.soldOut && <span className="badge-sold-out">{SOLD_OUT_LABEL}</span>}
      </div>
      <p className="card-name">{product.name}</p>
      <p className="card-price">{formatKz(product.price)}</p>
    </Link>
  );
}

/**
 * Cards without their grid, for a grid filled in several parts (the collection's pages). `lead`: they are the
 * top of their page, so their first pictures are the largest paint and get fetched first.
 */
export function ProductCards({ products, lead, eager = true }: { products: readonly Product[]; lead?: boolean; eager?: boolean }) {
  return products.map((p, i) => <ProductCard key={p._id} product={p} eager={eager && i < 2} priority={lead && i < 2} />);
}

export function ProductGrid({ products, className = "grid", lead }: { products: readonly Product[]; className?: string; lead?: boolean }) {
  return (
    <div className={className}>
      <ProductCards products={products} lead={lead} />
    </div>
  );
}
