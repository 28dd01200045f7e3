// The shop speaks the Portuguese of Angola (European forms) everywhere: every string literal, template text and JSX
// text in the apps, the server and shared/ is scanned for Brazilian forms. The only ones allowed are in the fixed
// wording (docs/product/overview.md#fixed-wording: it stays exactly as written) and the few listed below with their reason.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const SOURCES = ["storefront", "console", "server", "shared"];

/** Brazilian form → the Angolan (European) one to write instead. Whole words, any case (only `source` is used). */
const BRAZILIAN: readonly [RegExp, string][] = [
  [/arquivos?/, "ficheiro"],
  [/baix(ar|e|ando|ado|ados|ada|adas|ou)/, "descarregar"],
  [/usu[aá]ri[oa]s?/, "utilizador"],
  [/telas?/, "ecrã"],
  [/celular(es)?/, "telemóvel"],
  [/senhas?/, "palavra-passe"],
  [/voc[eê]s?/, "o senhor / a sua … (sem sujeito)"],
  [/registr(ar|e|ado|ada|ados|adas|o|os|ou|ando)/, "registar / registo"],
  [/cadastr(o|os|ar|e|ado|ada|ados|adas|ou|ando)/, "registo / registar"],
  [/salv(ar|e|o|a|os|as|ou|ando)/, "guardar / guardado"],
  [/equipes?/, "equipa"],
  [/(o|do|no|ao|seu|nosso) time/, "equipa"],
  [/exclu(ir|a|i|ído|ída|ídos|ídas|iu|indo|são)/, "eliminar / eliminação"],
  [/contatos?|contat(ar|e)/, "contacto / contactar"],
  [/acess(ar|e|ando)/, "aceder"],
  [/deletar/, "eliminar"],
  [/digit(ar|e|ando)/, "escrever / introduzir"],
  [/gerenci(ar|e|ado|amento)/, "gerir / gestão"],
  [/ônibus|trem|banheiro|geladeira|planilha/, "a palavra de Angola"],
  [/tchau/, "adeus"],
  // A possessive without its article ("sua conta"): Angola writes "a sua conta".
  [
    /(?<!(?:^|[^\p{L}])(?:a|o|as|os|à|ao|às|aos|da|do|das|dos|na|no|nas|nos|pela|pelo|pelas|pelos|com|e)\s)(?:sua|seu|suas|seus)/u,
    "a sua / o seu",
  ],
  // Progressive gerunds ("Enviando…"): Angola writes "A enviar…".
  [/\p{L}+(ando|endo|indo)/u, 'a + infinitivo ("A enviar")'],
];

/** Words the gerund and other patterns catch that are not Brazilian. */
const NOT_BRAZILIAN = new Set([
  "quando",
  "bem-vindo",
  "bem-vinda",
  "vindo",
  "vinda",
  "lindo",
  "comando",
  "comandos",
  "fernando",
  "orlando",
  "brando",
  "bando",
  "contrabando",
  "adendo",
  "dividendo",
  "horrendo",
  "tremendo",
  "stupendo",
  "infindo",
  "segundo",
  "cuando",
  // Angolan places (shared/angola-places.ts).
  "ndalatando",
  "dalatando",
  "chipindo",
]);

/**
 * The fixed strings with a Brazilian form (docs/product/overview.md#fixed-wording): the product's original brief
 * quotes them, so they stay exactly as written.
 */
const SPEC_QUOTES: ReadonlySet<string> = new Set([
  "Esqueceu sua senha?",
  "Envie sua mercadoria",
  "Digite sua mensagem",
  "Enviando mensagem...",
  "Erro ao baixar arquivo",
  "Baixar",
  "Baixar PDF",
  "Seu carrinho está vazio",
  "Acessórios para Celulares",
]);

/** A Brazilian word allowed in one file, and why. */
const ALLOWED_IN: readonly { file: string; word: RegExp; reason: string }[] = [
  { file: "server/domain/users/common-passwords.ts", word: /^senha$/i, reason: "passwords people pick (refused), never shown" },
  {
    file: "console/i18n/pt.ts",
    word: /^celular$/i,
    reason: "the synonyms hint names the Brazilian word shoppers type, which search must find",
  },
  {
    file: "shared/orders.ts",
    word: /^Aguardando$/,
    reason: "a stored status value (database rows, API answers): renaming it is a data migration",
  },
  ...["server/domain/fiscal/rules.ts", "shared/fiscal.ts", "server/domain/settings/service.ts"].map((file) => ({
    file,
    word: /^exclusão$/,
    reason: "the legal name of Angola's IVA regime (Código do IVA: regime de exclusão): the provider is sent it, admins pick it",
  })),
];

interface Finding {
  file: string;
  line: number;
  text: string;
  word: string;
  instead: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === "node_modules" || entry.name === "dist" || entry.name === "generated" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** User-facing text of a file: string literals, template pieces and JSX text (imports and `import()` left out). */
function texts(file: string): { text: string; line: number }[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: { text: string; line: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode(node) || ts.isExternalModuleReference(node))
      return;
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return;
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      const text = node.text.replace(/\s+/g, " ").trim();
      if (text) found.push({ text, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function brazilianForms(): Finding[] {
  const findings: Finding[] = [];
  for (const file of SOURCES.flatMap((dir) => sourceFiles(path.join(root, dir)))) {
    for (const { text, line } of texts(file)) {
      if (SPEC_QUOTES.has(text)) continue;
      for (const [form, instead] of BRAZILIAN) {
        // Whole words: no letter (nor a hyphen that joins a word) on either side.
        const match = new RegExp(`(?<![\\p{L}-])(?:${form.source})(?![\\p{L}-])`, "iu").exec(text);
        const relative = path.relative(root, file);
        if (match && !NOT_BRAZILIAN.has(match[0].toLowerCase()) && !ALLOWED_IN.some((a) => a.file === relative && a.word.test(match[0]))) {
          findings.push({ file: relative, line, text, word: match[0], instead });
          break;
        }
      }
    }
  }
  return findings;
}

describe("Portuguese of Angola", () => {
  it("no user-visible string uses a Brazilian form unless it is fixed wording", () => {
    const findings = brazilianForms();
    const report = findings
      .map((f) => `${f.file}:${f.line} "${f.word}" → ${f.instead}: ${JSON.stringify(f.text.slice(0, 120))}`)
      .join("\n");
    expect(findings, `Brazilian forms (write the Angolan one, or keep the fixed wording exactly):\n${report}`).toEqual([]);
  });

  it("catches the forms it is meant to catch", () => {
    const caught = (text: string) =>
      BRAZILIAN.some(([form]) => {
        const match = new RegExp(`(?<![\\p{L}-])(?:${form.source})(?![\\p{L}-])`, "iu").exec(text);
        return match !== null && !NOT_BRAZILIAN.has(match[0].toLowerCase());
      });
    for (const text of [
      "Erro ao salvar o arquivo",
      "Enviando…",
      "Nome de usuário",
      "Sua senha",
      "Equipe de suporte",
      "Excluir",
      "Fale com o contato",
    ])
      expect(caught(text), text).toBe(true);
    for (const text of [
      "Erro ao guardar o ficheiro",
      "A enviar…",
      "Nome de utilizador",
      "A sua palavra-passe",
      "Equipa de apoio",
      "Eliminar",
      "Contacto",
      "Quando chega?",
      "Bem-vindo",
    ])
      expect(caught(text), text).toBe(false);
  });
});
