import { Link } from "@mui/material";
import { PdfPreview } from "./pdf-preview.tsx";

/** A chat attachment shown inline: images as pictures (click opens the full file), PDFs as a first-page preview. */
export function AttachmentView({
  url,
  type,
  fileName,
  width = 260,
}: {
  url: string;
  type: "image" | "pdf" | null;
  fileName: string | null;
  width?: number;
}) {
  if (type === "pdf") return <PdfPreview url={url} fileName={fileName} width={width} />;
  return (
    <Link href={url} target="_blank" rel="noopener" data-testid="image-attachment">
      <img src={url} alt={fileName ?? ""} loading="lazy" style={{ maxWidth: width, maxHeight: 320, borderRadius: 6, display: "block" }} />
    </Link>
  );
}
