// Passwords attackers try first. zxcvbn-ts's list (49,000 from public breach corpora) plus the ones an Angolan
// shop's customers would reach for, which that English-leaning list lacks. Loaded on first use, kept as a Set.
import { dictionary } from "@zxcvbn-ts/language-common";

const LOCAL = [
  "senha123",
  "senha1234",
  "senha12345",
  "minhasenha",
  "angola123",
  "angola2024",
  "angola2025",
  "angola2026",
  "luanda123",
  "luanda2025",
  "benguela1",
  "kwanza123",
  "palanca1",
  "palancanegra",
  "loja1234",
  "loja12345",
  "mudar123",
  "mudarsenha",
  "portugal1",
  "benfica1",
  "sporting1",
  "petro1234",
  "1deagosto",
];

let common: Set<string> | undefined;

/** True when the password (compared lower-cased, as guessers do) is on the list. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set([...dictionary["passwords-common"], ...LOCAL].map((p) => p.toLowerCase()));
  return common.has(password.toLowerCase());
}
