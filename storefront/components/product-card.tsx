import { Link } from "react-router-dom";
import type { Product } from "../features/catalogue/api/list-products.ts";
import { formatMoney } from "../lib/money.ts";
import { ProductImage } from "./product-image.tsx";

export function ProductCard({ product, eager }: { product: Product; eager?: boolean }) {
  return (
    <Link to={`/product/${product._id}`} className="card" data-testid="product-card">
      <div className="card-img">
        <ProductImage image={product.image} thumbnail={product.thumbnail} alt={product.name} eager={eager} />
      </div>
      <p className="card-name">{product.name}</p>
      <p className="card-price">{formatMoney(product.price)}</p>
    </Link>
  );
}

export function ProductGrid({ products, className = "grid" }: { products: readonly Product[]; className?: string }) {
  return (
    <div className={className}>
      {products.map((p, i) => (
        <ProductCard key={p._id} product={p} eager={i < 2} />
      ))}
    </div>
  );
}
