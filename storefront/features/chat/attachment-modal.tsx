import { lazy, Suspense, useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { toast } from "../../lib/toast.ts";
import { downloadUrl } from "../../lib/download.ts";
import { ZoomControls } from "../pdf/zoom-controls.tsx";

const PdfPages = lazy(() => import("../pdf/pdf-pages.tsx"));

export interface Attachment {
  url: string;
  kind: "image" | "pdf";
}

/** `orderId`: the order whose chat holds the attachment; the PDF viewer opens only that order's files. */
export function AttachmentModal({ attachment, orderId, onClose }: { attachment: Attachment; orderId: string; onClose: () => void }) {
  // null until the PDF is open and fitted to the screen's width (pdf/zoom.ts).
  const [zoom, setZoom] = useState<number | null>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  const download = () => {
    if (attachment.kind === "pdf") {
      void navigate(`/pdf-viewer?${new URLSearchParams({ orderId, url: attachment.url }).toString()}`);
      return;
    }
    downloadUrl(attachment.url).catch(() => toast.error("Erro ao baixar arquivo"));
  };

  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal" role="dialog" aria-modal="true" onClick={(e) => e.stopPropagation()}>
        <div className="modal-bar">
          {attachment.kind === "pdf" && zoom !== null && <ZoomControls zoom={zoom} onZoom={setZoom} />}
          <button type="button" className="btn btn-small" onClick={download}>
            Baixar
          </button>
          <button type="button" className="icon-btn modal-close" aria-label="Fechar" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="modal-body">
          {attachment.kind === "image" ? (
            <img src={attachment.url} alt="Anexo" />
          ) : (
            <Suspense
              fallback={
                <div className="pdf-loading">
                  <span className="spinner" />
                </div>
              }
            >
              <PdfPages url={attachment.url} zoom={zoom} onFit={setZoom} />
            </Suspense>
          )}
        </div>
      </div>
    </div>
  );
}
