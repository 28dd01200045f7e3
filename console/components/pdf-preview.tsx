import { useEffect, useRef, useState } from "react";
import { useTranslate } from "react-admin";
import { Box, Link, Typography } from "@mui/material";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";

/** First page of a PDF drawn inline; pdfjs-dist loads only when a PDF is on screen. */
export function PdfPreview({ url, fileName, width = 260 }: { url: string; fileName: string | null; width?: number }) {
  const translate = useTranslate();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | undefined;
    (async () => {
      const [pdfjs, worker] = await Promise.all([import("pdfjs-dist"), import("pdfjs-dist/build/pdf.worker.min.mjs?url")]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      const task = pdfjs.getDocument({ url });
      destroy = () => {
        void task.destroy();
      };
      const doc = await task.promise;
      const page = await doc.getPage(1);
      const base = page.getViewport({ scale: 1 });
      const viewport = page.getViewport({ scale: width / base.width });
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      await page.render({ canvas, viewport }).promise;
    })().catch(() => {
      if (!cancelled) setFailed(true);
    });
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url, width]);

  return (
    <Box
      data-testid="pdf-attachment"
      sx={{ display: "inline-block", border: "1px solid #ddd", borderRadius: 1, p: 0.5, background: "#fff" }}
    >
      {!failed && <canvas ref={canvasRef} style={{ display: "block", maxWidth: "100%" }} />}
      <Link href={url} target="_blank" rel="noopener" sx={{ display: "flex", alignItems: "center", gap: 0.5, mt: 0.5 }}>
        <PictureAsPdfIcon fontSize="small" />
        <Typography variant="body2" component="span">
          {fileName ?? translate("loja.conversations.pdf")} · {translate("loja.orders.open_pdf")}
        </Typography>
      </Link>
    </Box>
  );
}
