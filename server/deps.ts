// What routes and plugins reach through `app.deps`: built once by main.ts (or a test) and passed to buildApp.
import type { Config } from "./config.ts";
import type { Database } from "./db/client.ts";
import type { ListCache } from "./domain/catalogue/list-cache.ts";
import type { LoginThrottle } from "./domain/users/login-throttle.ts";
import type { TokenService } from "./domain/users/tokens.ts";
import type { FileCache } from "./domain/media/file-cache.ts";
import type { Hub } from "./realtime/hub.ts";
import type { CartAdder } from "./domain/cart/adder.ts";

export interface AppDeps {
  config: Config;
  db: Database;
  tokens: TokenService;
  catalogue: ListCache;
  files: FileCache;
  loginThrottle: LoginThrottle;
  /** "Add to cart" writes, batched under load. */
  cartAdder: CartAdder;
  /** Real-time sockets and the fan-out between instances. */
  hub: Hub;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
