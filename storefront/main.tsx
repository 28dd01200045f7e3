import { StrictMode, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";

interface Product { _id: string; name: string; price: number; image: string[] }

// Minimal first page: the full storefront replaces it.
function App() {
  const [products, setProducts] = useState<Product[]>([]);
  useEffect(() => {
    fetch("/api/product/list").then((r) => r.json()).then((d: { products?: Product[] }) => setProducts(d.products ?? []));
  }, []);
  return (
    <main>
      <h1>Loja</h1>
      <ul>
        {products.map((p) => (
          <li key={p._id} data-testid="product-card"><img src={p.image[0]} alt="" width={120} /> {p.name} — {p.price} kz</li>
        ))}
      </ul>
    </main>
  );
}

createRoot(document.getElementById("root")!).render(<StrictMode><App /></StrictMode>);
