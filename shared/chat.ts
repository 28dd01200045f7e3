// The order chat's limits (docs/product/chat.md#messages): what a message and its file may be.

/** Longest message text, in characters. */
export const MAX_MESSAGE_TEXT = 4000;

/** Largest attachment (and payment proof), in bytes. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TOO_LARGE = "Ficheiro demasiado grande (máximo 10 MB)";

/** Attachments are accepted only when their bytes are one of these (sniffed on the server). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const ATTACHMENT_TYPES = [...IMAGE_TYPES, "application/pdf"] as const;

/** For a file input's `accept`. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_TYPES.join(",");
export const IMAGE_ACCEPT = IMAGE_TYPES.join(",");

/** A message's `type`: how to show an attachment of this MIME type. */
export const attachmentKind = (mimeType: string): "image" | "pdf" => (mimeType === "application/pdf" ? "pdf" : "image");

/** The PDF viewer opens only a PDF attached to one of the viewer's own orders; anything else gets this. */
export const PDF_NOT_IN_ORDER = "Este documento não pertence a um dos seus pedidos e não pode ser aberto aqui.";
