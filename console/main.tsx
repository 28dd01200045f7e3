import { StrictMode } from "react";
import { createRoot } from "react-dom/client";

// Minimal first screen: the react-admin console replaces it.
createRoot(document.getElementById("root")!).render(<StrictMode><h1>Loja — Consola</h1></StrictMode>);
