// A real reverse proxy for the rolling-restart test: Debian's nginx (installed by .ci/run when missing), run by
// the test as its own process on a free port with a config of its own, in front of the shop's instances.
// Its upstreams are fixed slots (ports), as compose's app1/app2 are: an instance that is down in a slot is skipped.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface Nginx {
  url: string;
  close(): Promise<void>;
}

const NGINX_BINARIES = ["/usr/sbin/nginx", "/usr/bin/nginx", "/usr/local/sbin/nginx"];

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function config(dir: string, port: number, upstreams: number[]): string {
  return `
${process.getuid?.() === 0 ? "user root;" : ""}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream loja {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join("\n")}
  }
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 12m;
    location / {
      proxy_pass http://loja;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_read_timeout 120s;
      # An instance that refuses the connection (stopped) or answers 503 while closing has not handled the request:
      # it goes to the next one, whatever its method (docs/design/operations.md#the-proxy).
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
}

export async function startNginx(upstreams: number[]): Promise<Nginx> {
  const binary = NGINX_BINARIES.find((candidate) => existsSync(candidate));
  if (!binary) throw new Error("nginx is not installed: apt-get install -y nginx-light (.ci/run does it)");
  const dir = mkdtempSync(path.join(tmpdir(), "loja-nginx-"));
  const port = await freePort();
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(conf, config(dir, port, upstreams));
  const child: ChildProcess = spawn(binary, ["-p", dir, "-e", path.join(dir, "error.log"), "-c", conf], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Up once it accepts connections (or gone, with its reason).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const up = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, "127.0.0.1", () => {
        probe.destroy();
        resolve(true);
      });
      probe.once("error", () => resolve(false));
    });
    if (up) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    async close() {
      child.kill("SIGQUIT");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
