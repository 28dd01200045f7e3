import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { ZoomControls } from "../features/pdf/zoom-controls.tsx";
import { checkOrderPdf } from "../features/chat/api/check-order-pdf.ts";
import { downloadUrl } from "../lib/download.ts";
import { PDF_NOT_IN_ORDER } from "../../shared/chat.ts";

const PdfPages = lazy(() => import("../features/pdf/pdf-pages.tsx"));

type Check = { state: "checking" } | { state: "allowed"; shortId: string } | { state: "refused" };

/**
 * /pdf-viewer?orderId=…&url=…: renders a PDF only once the server says it is attached to the shopper's own order
 * (otherwise any same-origin URL would render here, inside the shop), and names that order.
 */
export default function PdfViewerPage() {
  const [params] = useSearchParams();
  const url = params.get("url") ?? "";
  const orderId = params.get("orderId") ?? "";
  // null until the PDF is open and fitted to the screen's width (pdf/zoom.ts).
  const [zoom, setZoom] = useState<number | null>(null);
  const [check, setCheck] = useState<Check>({ state: "checking" });
  const navigate = useNavigate();

  useEffect(() => {
    let live = true;
    setCheck({ state: "checking" });
    if (!url || !orderId) {
      setCheck({ state: "refused" });
      return;
    }
    checkOrderPdf(orderId, url).then(
      (reply) => live && setCheck({ state: "allowed", shortId: reply.shortId }),
      () => live && setCheck({ state: "refused" }),
    );
    return () => {
      live = false;
    };
  }, [orderId, url]);

  return (
    <div className="pdf-viewer">
      <div className="pdf-toolbar">
        <button type="button" className="btn btn-outline btn-small" onClick={() => navigate(-1)}>
          Voltar
        </button>
        {check.state === "allowed" && (
          <>
            <strong>Pedido #{check.shortId}</strong>
            {zoom !== null && <ZoomControls zoom={zoom} onZoom={setZoom} />}
            <button
              type="button"
              className="btn btn-small"
              onClick={() => downloadUrl(url, "documento.pdf").catch((e: unknown) => console.error("PDF download failed", e))}
            >
              Baixar PDF
            </button>
          </>
        )}
      </div>
      {check.state === "checking" && (
        <div className="pdf-loading">
          <span className="spinner" />
        </div>
      )}
      {check.state === "refused" && <p role="alert">{PDF_NOT_IN_ORDER}</p>}
      {check.state === "allowed" && (
        <Suspense
          fallback={
            <div className="pdf-loading">
              <span className="spinner" />
            </div>
          }
        >
          <PdfPages url={url} zoom={zoom} onFit={setZoom} />
        </Suspense>
      )}
    </div>
  );
}
