// ESLint guards the architecture (docs/design/architecture.md#layers), not style:
// - the apps never import server code, except types from server/schemas/;
// - shared/ (rules the server and both apps use) imports none of them, and no package but libphonenumber-js;
// - only repositories (and the database layer) import the Prisma client;
// - routes and the real-time code reach the database through domain functions, never a repository;
// - no import cycles.
import tseslint from "typescript-eslint";
import importX from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";

const serverImport = { group: ["**/server/**", "!**/server/schemas/**"], message: "Apps may only import types from server/schemas/." };

export default tseslint.config(
  { ignores: ["node_modules/**", "dist/**", "data/**", "server/db/generated/**", "tests/.tmp/**", "coverage/**"] },
  {
    files: ["**/*.{ts,tsx,mjs,js}"],
    languageOptions: { parser: tseslint.parser, parserOptions: { ecmaVersion: "latest", sourceType: "module" } },
    plugins: { "@typescript-eslint": tseslint.plugin, "import-x": importX },
    // import-x reads only .js files unless told: without these, no-cycle never saw a TypeScript import.
    settings: {
      "import-x/resolver-next": [importX.createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs"] })],
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
    },
  },
  {
    // A promise nobody awaits loses its error: write `void` where not waiting is the intent.
    files: ["server/**/*.ts", "shared/**/*.ts", "storefront/**/*.{ts,tsx}", "console/**/*.{ts,tsx}", "scripts/**/*.ts"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { "@typescript-eslint/no-floating-promises": "error" },
  },
  {
    // The storefront's layers, as bulletproof-react draws them: lib/ and components/ know no feature, page or shell;
    // features/ know no page or shell; pages/ and app/ compose the rest.
    files: ["storefront/**/*.{ts,tsx}"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./storefront/lib",
              from: ["./storefront/features", "./storefront/pages", "./storefront/app", "./storefront/components"],
            },
            { target: "./storefront/components", from: ["./storefront/features", "./storefront/pages", "./storefront/app"] },
            { target: "./storefront/features", from: ["./storefront/pages", "./storefront/app"] },
          ],
        },
      ],
    },
  },
  {
    files: ["storefront/**/*.{ts,tsx}", "console/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            serverImport,
            { group: ["**/server/schemas/**"], message: "Import only types from server/schemas/.", allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/server/**", "**/storefront/**", "**/console/**"],
              message: "shared/ is imported by the server and the apps; it imports none of them.",
            },
            // One exception: libphonenumber-js, plain ESM that both Vite apps and the server load (phones in E.164).
            {
              regex: "^(?!libphonenumber-js(/|$))[^.]",
              message: "shared/ imports no package but libphonenumber-js: both apps and the server load it as plain TypeScript.",
            },
          ],
        },
      ],
    },
  },
  {
    // The server's layers (docs/design/architecture.md#layers): the domain says what happened (events) and knows
    // no listener; reactions live in subscribers/, delivery in notifications/, sockets in realtime/ and cluster/.
    files: ["server/**/*.ts"],
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./server/domain",
              from: [
                "./server/notifications",
                "./server/realtime",
                "./server/cluster",
                "./server/subscribers",
                "./server/jobs",
                "./server/routes",
                "./server/plugins",
              ],
              message: "The domain knows no listener: emit an event (server/domain/events) and react in server/subscribers/.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    ignores: ["server/db/**", "server/domain/**/repository.ts", "server/domain/**/*-repository.ts", "server/domain/**/repositories/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["**/db/generated/**"], message: "Only repositories and server/db use the Prisma client." }],
          paths: [{ name: "@prisma/client", message: "Use server/db/client.ts (repositories only)." }],
        },
      ],
    },
  },
  {
    files: ["server/routes/**/*.ts", "server/realtime/**/*.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["**/db/generated/**"], message: "Only repositories and server/db use the Prisma client." },
            {
              group: ["**/repository.ts", "**/*-repository.ts"],
              message: "Routes and real-time code call domain functions, not repositories.",
            },
          ],
          paths: [{ name: "@prisma/client", message: "Use server/db/client.ts (repositories only)." }],
        },
      ],
    },
  },
);
