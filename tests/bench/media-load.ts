// Upload and download load for the bench's media figure, in its own process so building 10 MB bodies and reading
// 10 MB answers does not stall the list load generator's own event loop (which would inflate its latencies).
import { MAX_ATTACHMENT_BYTES } from "../../shared/chat.ts";
import type { MediaLoadReply, MediaLoadRequest } from "./protocol.ts";

const send = (reply: MediaLoadReply) => process.send?.(reply);
const pdf = Buffer.alloc(MAX_ATTACHMENT_BYTES - 64 * 1024);
pdf.write("%PDF-1.4\n");

let stop = false;
let uploads = 0;
let downloadedBytes = 0;
let running: Promise<void>[] = [];

async function upload(url: string, client: { token: string; orderId: string }, n: number): Promise<string> {
  pdf.writeUInt32BE(n, 16); // every upload its own bytes: a new file each time, no dedup shortcut
  const form = new FormData();
  form.append("orderId", client.orderId);
  form.append("file", new Blob([pdf], { type: "application/pdf" }), `extrato-${n}.pdf`);
  const res = await fetch(`${url}/api/message/send`, { method: "POST", headers: { authorization: `Bearer ${client.token}` }, body: form });
  const body = (await res.json()) as { message?: { fileUrl: string } };
  if (res.status !== 200 || !body.message) throw new Error(`upload answered ${res.status}`);
  return body.message.fileUrl;
}

process.on("message", (request: MediaLoadRequest) => {
  void (async () => {
    try {
      if (request.type === "start") {
        const fileUrl = await upload(request.url, request.uploaders[0]!, 0);
        stop = false;
        running = [
          ...request.uploaders.map(async (client, i) => {
            for (let n = 1; !stop; n++) {
              await upload(request.url, client, (i + 1) * 1_000_000 + n);
              uploads++;
            }
          }),
          ...Array.from({ length: request.downloaders }, async () => {
            while (!stop) downloadedBytes += (await (await fetch(`${request.url}${fileUrl}`)).arrayBuffer()).byteLength;
          }),
        ];
        send({ type: "started", fileBytes: pdf.byteLength });
      } else {
        stop = true;
        await Promise.all(running);
        send({ type: "stopped", uploads, downloadedBytes });
        process.exit(0);
      }
    } catch (error) {
      send({ type: "error", message: (error as Error).message });
    }
  })();
});
