import { lazy, Suspense, useState } from "react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { ZOOM_START } from "../features/pdf/zoom.ts";
import { ZoomControls } from "../features/pdf/zoom-controls.tsx";
import { downloadUrl } from "../lib/download.ts";

const PdfPages = lazy(() => import("../features/pdf/pdf-pages.tsx"));

export default function PdfViewerPage() {
  const [params] = useSearchParams();
  const url = params.get("url") ?? "";
  const [zoom, setZoom] = useState(ZOOM_START);
  const navigate = useNavigate();

  return (
    <div className="pdf-viewer">
      <div className="pdf-toolbar">
        <button type="button" className="btn btn-outline btn-small" onClick={() => navigate(-1)}>Voltar</button>
        <ZoomControls zoom={zoom} onZoom={setZoom} />
        <button
          type="button"
          className="btn btn-small"
          onClick={() => downloadUrl(url, "documento.pdf").catch((e: unknown) => console.error("PDF download failed", e))}
        >
          Baixar PDF
        </button>
      </div>
      {url && (
        <Suspense fallback={<div className="pdf-loading"><span className="spinner" /></div>}>
          <PdfPages url={url} zoom={zoom} />
        </Suspense>
      )}
    </div>
  );
}
