import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";
import { fitZoom } from "./zoom.ts";

// pdf.js is large: this module is only imported when a PDF is opened.
GlobalWorkerOptions.workerSrc = workerUrl;

interface PdfPagesProps {
  url: string;
  /** null until fitted: the first page's width decides the first zoom (zoom.ts `fitZoom`). */
  zoom: number | null;
  /** Called once the document is open and `zoom` is null, with the zoom that fits this box's width. */
  onFit: (zoom: number) => void;
}

/** Renders every page of the PDF at `url` at the given scale. Failures are only logged, never shown. */
export default function PdfPages({ url, zoom, onFit }: PdfPagesProps) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const task = getDocument({ url });
    task.promise.then(setDoc, (e: unknown) => console.error("PDF load failed", e));
    return () => {
      void task.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || zoom !== null) return;
    let live = true;
    doc.getPage(1).then(
      (page) => {
        // The box's own width: the modal's or the viewer's, whatever the screen; 2 px for the page's shadow.
        if (live) onFit(fitZoom(page.getViewport({ scale: 1 }).width, (box.current?.clientWidth ?? 0) - 2));
      },
      (e: unknown) => console.error("PDF page failed", e),
    );
    return () => {
      live = false;
    };
  }, [doc, zoom, onFit]);

  return (
    <div className="pdf-pages" ref={box}>
      {!doc || zoom === null ? (
        <div className="pdf-loading">
          <span className="spinner" />
        </div>
      ) : (
        Array.from({ length: doc.numPages }, (_, i) => <PdfPage key={i} doc={doc} pageNumber={i + 1} zoom={zoom} />)
      )}
    </div>
  );
}

function PdfPage({ doc, pageNumber, zoom }: { doc: PDFDocumentProxy; pageNumber: number; zoom: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let cancel = () => {};
    let live = true;
    doc.getPage(pageNumber).then(
      (page) => {
        const el = canvas.current;
        if (!live || !el) return;
        const viewport = page.getViewport({ scale: zoom });
        // Sharp on high-density screens without drawing more pixels than the phone can show.
        const ratio = Math.min(window.devicePixelRatio || 1, 2);
        el.width = Math.floor(viewport.width * ratio);
        el.height = Math.floor(viewport.height * ratio);
        el.style.width = `${Math.floor(viewport.width)}px`;
        el.style.height = `${Math.floor(viewport.height)}px`;
        const task = page.render({ canvas: el, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
        cancel = () => task.cancel();
        task.promise.catch((e: unknown) => {
          if ((e as { name?: string }).name !== "RenderingCancelledException") console.error("PDF render failed", e);
        });
      },
      (e: unknown) => console.error("PDF page failed", e),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [doc, pageNumber, zoom]);
  return <canvas ref={canvas} className="pdf-page" aria-label={`Página ${pageNumber}`} />;
}
