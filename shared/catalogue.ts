// The fixed categories and sub-categories, one definition for the server (every product write is
// checked against it), the storefront's filter panel and the console's selects.
export const TAXONOMY = {
  Moda: [
    "Moda Masculina",
    "Moda Feminina",
    "Calçados",
    "Acessórios",
    "Moda Infantil",
    "Moda Fitness",
    "Joias & Relógios",
    "Moda Plus Size",
    "Moda Sustentável/Ecológica",
  ],
  Eletronico: [
    "Smartphones & Tablets",
    "Computadores & Laptops",
    "Acessórios para Celulares",
    "Audio & Fones de Ouvido",
    "TVs & Monitores",
    "Gaming",
    "Câmeras & Drones",
    "Dispositivos Inteligentes",
    "Eletrônicos para Casa",
  ],
  Mobília: [
    "Sala de Estar",
    "Quarto",
    "Cozinha & Sala de Jantar",
    "Escritório",
    "Decoração",
    "Móveis para Jardim & Varanda",
    "Móveis Modulados/Planejados",
    "Móveis Pequenos Espaços",
    "Móveis Infantis",
  ],
  Máquinas: [
    "Ferramentas Elétricas",
    "Máquinas Industriais",
    "Máquinas Agrícolas",
    "Máquinas de Construção",
    "Máquinas de Costura",
    "Máquinas de Limpeza",
    "Máquinas para Oficinas",
    "Robôs Industriais & Automação",
  ],
} as const satisfies Record<string, readonly string[]>;

export type Category = keyof typeof TAXONOMY;

function isCategory(value: string): value is Category {
  return Object.hasOwn(TAXONOMY, value);
}

export function isValidPlacement(category: string, subCategory: string): boolean {
  return isCategory(category) && (TAXONOMY[category] as readonly string[]).includes(subCategory);
}

/** A product staff marked sold out: the shop's badge, and what the cart and checkout answer. */
export const SOLD_OUT_LABEL = "Esgotado";
export const SOLD_OUT = "Este produto está esgotado";
export const soldOutInOrder = (name: string) => `O produto "${name}" está esgotado. Remova-o do carrinho para continuar.`;
