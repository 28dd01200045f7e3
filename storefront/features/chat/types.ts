import type { Message } from "../../../server/schemas/messages.ts";

/** SPEC.md §3 Message: sender 'client' or support; type 'image' or a PDF. */
export type ChatMessage = Message;

export const isClient = (m: ChatMessage) => m.sender === "client";
export const isImage = (m: ChatMessage) => m.type === "image";

/** Appends unless already there: a sent message also comes back over the socket. */
export const appendMessage = (list: ChatMessage[], m: ChatMessage): ChatMessage[] => (list.some((x) => x._id === m._id) ? list : [...list, m]);
