import type { RefObject } from "react";
import { ATTACHMENT_ACCEPT } from "../../../shared/chat.ts";
import { CloseIcon, PaperclipIcon } from "../../components/icons.tsx";

/** "850 KB", "2,4 MB": how big the picked file is, as a phone's gallery says it. */
const formatFileSize = (bytes: number): string =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} MB`;

interface AttachButtonProps {
  inputRef: RefObject<HTMLInputElement | null>;
  onPick: (file: File | null) => void;
}

/**
 * The chat's paperclip: a styled label over the real file input (kept in the page, visually hidden, so it still
 * takes focus and the phone's own picker opens: images and PDFs, with the camera and the photo gallery offered).
 */
export function AttachButton({ inputRef, onPick }: AttachButtonProps) {
  return (
    <label className="attach-btn" title="Anexar foto ou PDF">
      <PaperclipIcon />
      <input
        ref={inputRef}
        className="visually-hidden"
        type="file"
        accept={ATTACHMENT_ACCEPT}
        aria-label="Anexar ficheiro"
        onChange={(e) => onPick(e.target.files?.[0] ?? null)}
      />
    </label>
  );
}

/** The file that goes with the next message: its name and size, and a way to take it off. */
export function PickedFile({ file, onRemove }: { file: File; onRemove: () => void }) {
  return (
    <div className="picked-file" data-testid="picked-file">
      <PaperclipIcon />
      <span className="picked-file-name">{file.name}</span>
      <span className="muted">{formatFileSize(file.size)}</span>
      <button type="button" className="icon-btn" aria-label={`Remover anexo ${file.name}`} onClick={onRemove}>
        <CloseIcon />
      </button>
    </div>
  );
}
