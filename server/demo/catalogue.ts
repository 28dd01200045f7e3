// Demo catalogue the server seeds into an empty database on first start.
// Images live next to this file in images/ and are drawn by tools/draw-images.ts
// (run `npx tsx scripts/demo-art/draw-images.ts` after adding or renaming an image).

// The taxonomy is the server's (shared/catalogue.ts): the demo data is checked against the same list the API enforces.
import { TAXONOMY, type Category } from "../../shared/catalogue.ts";

export type { Category };
export const taxonomy = TAXONOMY;

interface DemoProduct {
  name: string;
  description: string;
  /** Kwanza, whole number. */
  price: number;
  /** Size or colour labels the shopper picks from; never empty. */
  sizes: string[];
  category: Category;
  /** Exactly one of taxonomy[category]. */
  subCategory: string;
  bestseller: boolean;
  /** File names inside server/demo/images/; the first is the main image. */
  images: string[];
  /** Days before the seed run the product was "added", so newest-first lists look natural. */
  daysAgo: number;
}

/** "camisa-linho", 3 → ["camisa-linho-1.jpg", "camisa-linho-2.jpg", "camisa-linho-3.jpg"] */
const imgs = (slug: string, count: number): string[] => Array.from({ length: count }, (_, i) => `${slug}-${i + 1}.jpg`);

const clothing = ["P", "M", "G", "GG"];

export const demoProducts: DemoProduct[] = [
  // ───────────────────────────── Moda ─────────────────────────────
  {
    name: "Camisa de Linho Masculina Slim",
    description:
      "Camisa de manga comprida em linho e algodão, corte slim e gola italiana. Tecido leve e respirável, ideal para o calor de Luanda, no escritório ou ao fim de semana. Importada de Portugal, com botões em madrepérola.",
    price: 18_500,
    sizes: clothing,
    category: "Moda",
    subCategory: "Moda Masculina",
    bestseller: false,
    images: imgs("camisa-linho", 3),
    daysAgo: 4,
  },
  {
    name: "Polo Piqué de Algodão Masculina",
    description:
      "Polo clássica em malha piqué 100% algodão penteado, com gola e punhos canelados. Mantém a forma e a cor após muitas lavagens. Produto importado, disponível em vários tamanhos.",
    price: 12_900,
    sizes: [...clothing, "XGG"],
    category: "Moda",
    subCategory: "Moda Masculina",
    bestseller: false,
    images: imgs("polo-pique", 2),
    daysAgo: 37,
  },
  {
    name: "Blusa de Cetim Feminina Manga Comprida",
    description:
      "Blusa fluida em cetim acetinado com toque suave e brilho discreto. Fica elegante com calças de alfaiataria ou com jeans. Lavagem delicada à mão; peça importada.",
    price: 16_900,
    sizes: ["P", "M", "G"],
    category: "Moda",
    subCategory: "Moda Feminina",
    bestseller: false,
    images: imgs("blusa-cetim", 2),
    daysAgo: 12,
  },
  {
    name: "Vestido Midi Floral Envelope",
    description:
      "Vestido midi com decote em V, cinto para atar e saia rodada que acompanha o movimento. Estampado floral em viscose leve, perfeito para casamentos de dia e passeios. Importado, com forro na parte superior.",
    price: 24_500,
    sizes: clothing,
    category: "Moda",
    subCategory: "Moda Feminina",
    bestseller: true,
    images: imgs("vestido-floral", 4),
    daysAgo: 2,
  },
  {
    name: "Ténis Desportivo Runner Leve",
    description:
      "Ténis de corrida com cabedal em malha respirável e entressola em espuma de alta amortização. Sola de borracha antiderrapante para asfalto e ginásio. Importado, com garantia de 6 meses contra defeitos de fabrico.",
    price: 29_900,
    sizes: ["38", "39", "40", "41", "42", "43", "44"],
    category: "Moda",
    subCategory: "Calçados",
    bestseller: true,
    images: imgs("tenis-runner", 3),
    daysAgo: 9,
  },
  {
    name: "Sapato Derby em Pele Masculino",
    description:
      "Sapato social derby em pele genuína com acabamento polido e palmilha almofadada. Sola em borracha de perfil baixo, confortável para o dia inteiro. Fabrico europeu, importado.",
    price: 34_500,
    sizes: ["39", "40", "41", "42", "43", "44"],
    category: "Moda",
    subCategory: "Calçados",
    bestseller: false,
    images: imgs("sapato-derby", 2),
    daysAgo: 58,
  },
  {
    name: "Bolsa Tote em Pele Sintética",
    description:
      "Bolsa tote espaçosa com duas alças, fecho magnético e bolso interior com fecho de correr. Cabe um portátil de 13 polegadas. Pele sintética resistente e fácil de limpar; importada.",
    price: 21_000,
    sizes: ["Preto", "Caramelo", "Bege"],
    category: "Moda",
    subCategory: "Acessórios",
    bestseller: false,
    images: imgs("bolsa-tote", 3),
    daysAgo: 21,
  },
  {
    name: "Óculos de Sol Aviador Polarizados",
    description:
      "Óculos de sol estilo aviador com lentes polarizadas e proteção UV400. Armação metálica leve com plaquetas ajustáveis. Inclui estojo rígido e pano de limpeza; produto importado.",
    price: 9_800,
    sizes: ["Dourado", "Prateado", "Preto"],
    category: "Moda",
    subCategory: "Acessórios",
    bestseller: false,
    images: imgs("oculos-aviador", 2),
    daysAgo: 44,
  },
  {
    name: "Relógio Analógico em Aço Inoxidável",
    description:
      "Relógio de quartzo com caixa de 42 mm e bracelete em aço inoxidável. Vidro mineral resistente a riscos e estanquidade até 5 ATM. Importado, com garantia de 1 ano.",
    price: 45_000,
    sizes: ["Prateado", "Dourado", "Preto"],
    category: "Moda",
    subCategory: "Joias & Relógios",
    bestseller: true,
    images: imgs("relogio-aco", 3),
    daysAgo: 15,
  },
  {
    name: "Colar Banhado a Ouro com Pingente",
    description:
      "Colar em prata 925 banhada a ouro 18k com pingente redondo e pedra de zircónia. Hipoalergénico, não escurece com o uso diário. Entregue em caixa de oferta; importado.",
    price: 16_500,
    sizes: ["45 cm", "50 cm"],
    category: "Moda",
    subCategory: "Joias & Relógios",
    bestseller: false,
    images: imgs("colar-pingente", 2),
    daysAgo: 66,
  },
  {
    name: "Conjunto Fitness Legging e Top",
    description:
      "Conjunto de treino com legging de cintura alta e top de suporte médio. Tecido elástico com secagem rápida e proteção contra transparências. Ideal para ginásio, corrida e yoga; importado.",
    price: 19_900,
    sizes: ["P", "M", "G"],
    category: "Moda",
    subCategory: "Moda Fitness",
    bestseller: false,
    images: imgs("conjunto-fitness", 2),
    daysAgo: 27,
  },
  {
    name: "Conjunto Infantil T-shirt e Calção",
    description:
      "Conjunto de verão para criança com t-shirt em algodão macio e calção com cós elástico. Cores alegres que resistem à máquina de lavar. Importado, com costuras reforçadas.",
    price: 9_500,
    sizes: ["2 anos", "4 anos", "6 anos", "8 anos"],
    category: "Moda",
    subCategory: "Moda Infantil",
    bestseller: false,
    images: imgs("conjunto-infantil", 1),
    daysAgo: 73,
  },
  {
    name: "Calça Jeans Plus Size Cintura Alta",
    description:
      "Calça jeans de cintura alta com elastano para maior conforto e modelagem que valoriza as curvas. Corte reto e cinco bolsos. Importada, em tamanhos do 46 ao 54.",
    price: 17_500,
    sizes: ["46", "48", "50", "52", "54"],
    category: "Moda",
    subCategory: "Moda Plus Size",
    bestseller: false,
    images: imgs("jeans-plus", 2),
    daysAgo: 51,
  },
  {
    name: "T-shirt de Algodão Orgânico Unissexo",
    description:
      "T-shirt básica em algodão orgânico certificado, tingida com corantes de baixo impacto. Corte unissexo e toque macio desde a primeira lavagem. Importada; embalagem sem plástico.",
    price: 8_500,
    sizes: clothing,
    category: "Moda",
    subCategory: "Moda Sustentável/Ecológica",
    bestseller: false,
    images: imgs("tshirt-organica", 2),
    daysAgo: 88,
  },

  // ─────────────────────────── Eletronico ───────────────────────────
  {
    name: "Smartphone Nova X12 Pro 5G",
    description:
      "Ecrã AMOLED de 6,7 polegadas a 120 Hz, tripla câmara de 50 MP com estabilização ótica e bateria de 5000 mAh com carregamento rápido de 67 W. Dual SIM, compatível com as redes angolanas. Importado por via aérea, com garantia de 1 ano.",
    price: 485_000,
    sizes: ["256GB Preto", "256GB Azul Glaciar", "512GB Titânio"],
    category: "Eletronico",
    subCategory: "Smartphones & Tablets",
    bestseller: true,
    images: imgs("smartphone-x12", 4),
    daysAgo: 1,
  },
  {
    name: "Smartphone Lumo A15 128GB",
    description:
      "Telemóvel de 6,5 polegadas com câmara dupla de 48 MP, 6 GB de RAM e bateria para dois dias. Leitor de impressões digitais lateral e rádio FM. Importado, desbloqueado e com garantia de 1 ano.",
    price: 185_000,
    sizes: ["128GB Preto", "128GB Verde Menta", "256GB Preto"],
    category: "Eletronico",
    subCategory: "Smartphones & Tablets",
    bestseller: true,
    images: imgs("smartphone-a15", 3),
    daysAgo: 6,
  },
  {
    name: "Tablet Lumo Tab 11 Wi-Fi",
    description:
      "Tablet com ecrã de 11 polegadas 2K, quatro altifalantes e 8 GB de RAM. Ótimo para estudar, ver filmes e videochamadas. Importado, com capa de proteção incluída.",
    price: 265_000,
    sizes: ["128GB Cinzento", "256GB Cinzento"],
    category: "Eletronico",
    subCategory: "Smartphones & Tablets",
    bestseller: false,
    images: imgs("tablet-tab11", 2),
    daysAgo: 33,
  },
  {
    name: 'Portátil Ultrafino 14" Core i5 16GB',
    description:
      "Portátil em alumínio com 1,3 kg, processador Intel Core i5, 16 GB de RAM e SSD rápido. Ecrã Full HD antirreflexo e teclado retroiluminado em português. Importado, com garantia de 1 ano.",
    price: 650_000,
    sizes: ["16GB / 512GB SSD", "16GB / 1TB SSD"],
    category: "Eletronico",
    subCategory: "Computadores & Laptops",
    bestseller: false,
    images: imgs("portatil-ultrafino", 3),
    daysAgo: 10,
  },
  {
    name: "Power Bank 20 000 mAh Carregamento Rápido",
    description:
      "Bateria externa de 20 000 mAh com saídas USB-C PD de 22,5 W e USB-A. Carrega um telemóvel até quatro vezes, ideal para cortes de energia e viagens. Importada, inclui cabo USB-C.",
    price: 17_900,
    sizes: ["Preto", "Branco"],
    category: "Eletronico",
    subCategory: "Acessórios para Celulares",
    bestseller: false,
    images: imgs("power-bank", 2),
    daysAgo: 19,
  },
  {
    name: "Auscultadores Bluetooth com Cancelamento de Ruído",
    description:
      "Auscultadores circum-auriculares com cancelamento ativo de ruído, 40 horas de autonomia e almofadas em pele sintética. Dobráveis, com estojo de transporte. Importados, garantia de 1 ano.",
    price: 78_000,
    sizes: ["Preto", "Bege", "Azul-marinho"],
    category: "Eletronico",
    subCategory: "Audio & Fones de Ouvido",
    bestseller: true,
    images: imgs("auscultadores-anc", 3),
    daysAgo: 14,
  },
  {
    name: "Auriculares sem Fios TWS",
    description:
      "Auriculares true wireless com som nítido, microfones para chamadas e estojo de carregamento com 24 horas de autonomia total. Resistentes a salpicos (IPX4). Produto importado.",
    price: 24_900,
    sizes: ["Branco", "Preto"],
    category: "Eletronico",
    subCategory: "Audio & Fones de Ouvido",
    bestseller: false,
    images: imgs("auriculares-tws", 2),
    daysAgo: 48,
  },
  {
    name: 'Smart TV LED 55" 4K UHD',
    description:
      "Televisor de 55 polegadas com resolução 4K, HDR10 e sistema smart com aplicações de streaming. Três entradas HDMI, Wi-Fi e Bluetooth. Importado, com suporte de mesa e garantia de 1 ano.",
    price: 520_000,
    sizes: ['55" 220V'],
    category: "Eletronico",
    subCategory: "TVs & Monitores",
    bestseller: false,
    images: imgs("smart-tv-55", 2),
    daysAgo: 24,
  },
  {
    name: 'Monitor Curvo 27" 165 Hz',
    description:
      "Monitor curvo de 27 polegadas QHD com 165 Hz e 1 ms de resposta, ideal para jogos e trabalho. Suporte com ajuste de inclinação e entradas HDMI e DisplayPort. Importado.",
    price: 215_000,
    sizes: ['27" Preto'],
    category: "Eletronico",
    subCategory: "TVs & Monitores",
    bestseller: false,
    images: imgs("monitor-curvo", 2),
    daysAgo: 61,
  },
  {
    name: "Comando sem Fios para Consola",
    description:
      "Comando sem fios com gatilhos sensíveis à pressão, vibração dupla e bateria recarregável por USB-C. Compatível com consola, PC e telemóvel. Importado, garantia de 6 meses.",
    price: 32_000,
    sizes: ["Preto", "Branco", "Vermelho"],
    category: "Eletronico",
    subCategory: "Gaming",
    bestseller: false,
    images: imgs("comando-consola", 3),
    daysAgo: 30,
  },
  {
    name: "Headset Gamer com Microfone RGB",
    description:
      "Headset para jogos com som surround virtual 7.1, microfone flexível com redução de ruído e iluminação RGB. Almofadas em espuma com memória para longas sessões. Importado.",
    price: 27_500,
    sizes: ["Preto/RGB"],
    category: "Eletronico",
    subCategory: "Gaming",
    bestseller: false,
    images: imgs("headset-gamer", 1),
    daysAgo: 79,
  },
  {
    name: "Drone com Câmara 4K e GPS",
    description:
      "Drone dobrável com câmara 4K estabilizada em gimbal de 3 eixos, GPS e regresso automático. Até 30 minutos de voo por bateria e transmissão de vídeo até 6 km. Importado, com mala de transporte.",
    price: 295_000,
    sizes: ["Standard", "Combo com 3 baterias"],
    category: "Eletronico",
    subCategory: "Câmeras & Drones",
    bestseller: false,
    images: imgs("drone-4k", 3),
    daysAgo: 17,
  },
  {
    name: "Coluna Inteligente com Assistente de Voz",
    description:
      "Coluna inteligente com som de 360°, controlo por voz e ligação a lâmpadas e tomadas inteligentes. Revestimento em tecido e anel de luz indicador. Importada, requer Wi-Fi.",
    price: 54_000,
    sizes: ["Carvão", "Areia", "Azul-petróleo"],
    category: "Eletronico",
    subCategory: "Dispositivos Inteligentes",
    bestseller: false,
    images: imgs("coluna-inteligente", 3),
    daysAgo: 40,
  },
  {
    name: "Smartwatch Desportivo AMOLED",
    description:
      "Relógio inteligente com ecrã AMOLED, GPS integrado, monitorização do ritmo cardíaco e do sono e mais de 100 modos desportivos. Até 10 dias de bateria; resistente à água. Importado.",
    price: 42_000,
    sizes: ["Preto", "Rosa", "Verde"],
    category: "Eletronico",
    subCategory: "Dispositivos Inteligentes",
    bestseller: false,
    images: imgs("smartwatch-amoled", 2),
    daysAgo: 55,
  },
  {
    name: "Fritadeira sem Óleo 5,5 L",
    description:
      "Fritadeira de ar quente com 5,5 litros, painel tátil e 8 programas automáticos. Cozinha com até 85% menos gordura e o cesto antiaderente vai à máquina de lavar loiça. Importada, 220V.",
    price: 68_000,
    sizes: ["Preto 220V", "Branco 220V"],
    category: "Eletronico",
    subCategory: "Eletrônicos para Casa",
    bestseller: true,
    images: imgs("fritadeira-ar", 2),
    daysAgo: 8,
  },

  // ──────────────────────────── Mobília ────────────────────────────
  {
    name: "Sofá de 3 Lugares em Tecido Bouclé",
    description:
      "Sofá de três lugares com estrutura em madeira maciça, almofadas de espuma de alta densidade e pés em madeira natural. Revestimento bouclé macio e resistente. Importado; entrega e montagem em Luanda.",
    price: 420_000,
    sizes: ["Cinzento", "Bege Areia", "Verde-oliva"],
    category: "Mobília",
    subCategory: "Sala de Estar",
    bestseller: true,
    images: imgs("sofa-boucle", 4),
    daysAgo: 3,
  },
  {
    name: "Poltrona Escandinava com Braços",
    description:
      "Poltrona de linhas escandinavas com braços em madeira de faia e assento estofado. Confortável para leitura e ocupa pouco espaço. Importada, fornecida montada.",
    price: 145_000,
    sizes: ["Mostarda", "Cinzento Claro"],
    category: "Mobília",
    subCategory: "Sala de Estar",
    bestseller: false,
    images: imgs("poltrona-escandinava", 2),
    daysAgo: 46,
  },
  {
    name: "Cama de Casal Estofada 160×200",
    description:
      "Cama de casal com cabeceira estofada em capitoné vertical e estrado de ripas incluído. Estrutura reforçada em madeira e pés em metal. Importada; colchão vendido em separado.",
    price: 380_000,
    sizes: ["Cinzento", "Bege"],
    category: "Mobília",
    subCategory: "Quarto",
    bestseller: false,
    images: imgs("cama-estofada", 3),
    daysAgo: 11,
  },
  {
    name: "Guarda-Roupa 3 Portas com Espelho",
    description:
      "Guarda-roupa de três portas com espelho central, varão para cabides, prateleiras e duas gavetas interiores. Painéis em MDF de alta resistência. Importado, com montagem incluída.",
    price: 295_000,
    sizes: ["Branco", "Carvalho"],
    category: "Mobília",
    subCategory: "Quarto",
    bestseller: false,
    images: imgs("guarda-roupa", 2),
    daysAgo: 69,
  },
  {
    name: "Conjunto Mesa de Jantar com 4 Cadeiras",
    description:
      "Mesa de jantar de 160 cm em madeira com quatro cadeiras estofadas. Tampo com verniz resistente a manchas e ao calor. Importado; ideal para salas de jantar de família.",
    price: 560_000,
    sizes: ["Carvalho / Bege", "Nogueira / Cinzento"],
    category: "Mobília",
    subCategory: "Cozinha & Sala de Jantar",
    bestseller: true,
    images: imgs("mesa-jantar", 3),
    daysAgo: 22,
  },
  {
    name: "Bancos Altos de Cozinha (Conjunto de 2)",
    description:
      "Dois bancos altos com assento almofadado e estrutura metálica com apoio para os pés. Altura ideal para ilhas e balcões de cozinha. Importados, com ponteiras antirriscos.",
    price: 68_000,
    sizes: ["Preto", "Branco"],
    category: "Mobília",
    subCategory: "Cozinha & Sala de Jantar",
    bestseller: false,
    images: imgs("bancos-altos", 1),
    daysAgo: 84,
  },
  {
    name: "Cadeira de Escritório Ergonómica em Malha",
    description:
      "Cadeira ergonómica com encosto em malha respirável, apoio lombar ajustável e braços 3D. Base em nylon com rodas silenciosas e elevação a gás certificada. Importada, garantia de 2 anos.",
    price: 115_000,
    sizes: ["Preto", "Cinzento"],
    category: "Mobília",
    subCategory: "Escritório",
    bestseller: true,
    images: imgs("cadeira-ergonomica", 3),
    daysAgo: 7,
  },
  {
    name: "Secretária de Escritório com Gavetas",
    description:
      "Secretária de 120 cm com módulo de três gavetas e pés metálicos. Tampo espaçoso para computador e documentos. Importada, fácil de montar.",
    price: 135_000,
    sizes: ["Carvalho / Branco", "Nogueira / Preto"],
    category: "Mobília",
    subCategory: "Escritório",
    bestseller: false,
    images: imgs("secretaria-gavetas", 2),
    daysAgo: 52,
  },
  {
    name: "Candeeiro de Pé em Arco",
    description:
      "Candeeiro de pé com arco em metal, cúpula orientável e base em mármore. Dá luz direta sobre o sofá ou a mesa de apoio. Importado, casquilho E27 e interruptor de pé.",
    price: 58_000,
    sizes: ["Dourado", "Preto Mate"],
    category: "Mobília",
    subCategory: "Decoração",
    bestseller: false,
    images: imgs("candeeiro-arco", 2),
    daysAgo: 35,
  },
  {
    name: "Conjunto de 3 Vasos Cerâmicos Decorativos",
    description:
      "Três vasos em cerâmica de acabamento mate, em alturas diferentes, para flores secas ou ramos. Dão um toque natural à sala, ao quarto ou à entrada. Feitos à mão e importados.",
    price: 24_000,
    sizes: ["Terracota", "Areia"],
    category: "Mobília",
    subCategory: "Decoração",
    bestseller: true,
    images: imgs("vasos-ceramica", 2),
    daysAgo: 26,
  },
  {
    name: "Cadeira de Jardim em Rattan Sintético",
    description:
      "Cadeira de exterior em rattan sintético tecido à mão sobre estrutura de alumínio, com almofada impermeável. Resiste ao sol e à chuva sem perder a cor. Importada; ideal para varandas e terraços.",
    price: 72_000,
    sizes: ["Natural", "Grafite"],
    category: "Mobília",
    subCategory: "Móveis para Jardim & Varanda",
    bestseller: false,
    images: imgs("cadeira-rattan", 2),
    daysAgo: 63,
  },
  {
    name: "Cozinha Modulada 2,4 m",
    description:
      "Conjunto de módulos de cozinha com armários inferiores e superiores, bancada e dobradiças com amortecimento. Medidas planeadas para cozinhas de apartamento. Importada, com instalação por orçamento.",
    price: 890_000,
    sizes: ["Branco Brilho", "Verde-sálvia"],
    category: "Mobília",
    subCategory: "Móveis Modulados/Planejados",
    bestseller: false,
    images: imgs("cozinha-modulada", 2),
    daysAgo: 41,
  },
  {
    name: "Sofá-Cama Compacto de 2 Lugares",
    description:
      "Sofá-cama de dois lugares que se transforma numa cama de 120 cm num só gesto. Perfeito para estúdios e quartos de hóspedes. Importado, com arrumação sob o assento.",
    price: 230_000,
    sizes: ["Azul-petróleo", "Cinzento"],
    category: "Mobília",
    subCategory: "Móveis Pequenos Espaços",
    bestseller: false,
    images: imgs("sofa-cama", 2),
    daysAgo: 93,
  },
  {
    name: "Beliche Infantil em Madeira Maciça",
    description:
      "Beliche em madeira de pinho maciça com escada e guardas de segurança, para colchões de 90×190. Pode ser separado em duas camas individuais. Importado, acabamento com tintas atóxicas.",
    price: 245_000,
    sizes: ["Branco", "Natural"],
    category: "Mobília",
    subCategory: "Móveis Infantis",
    bestseller: false,
    images: imgs("beliche-infantil", 2),
    daysAgo: 77,
  },

  // ──────────────────────────── Máquinas ────────────────────────────
  {
    name: "Berbequim de Impacto sem Fios 20V",
    description:
      "Berbequim com percussão, motor sem escovas e binário de 60 Nm para furar betão, madeira e metal. Mandril metálico de 13 mm e luz LED. Importado, com mala, carregador e garantia de 1 ano.",
    price: 48_000,
    sizes: ["Com 2 baterias", "Sem bateria"],
    category: "Máquinas",
    subCategory: "Ferramentas Elétricas",
    bestseller: true,
    images: imgs("berbequim-20v", 3),
    daysAgo: 5,
  },
  {
    name: "Rebarbadora Angular 115 mm 850W",
    description:
      "Rebarbadora de 850 W para cortar e desbastar metal e pedra, com punho lateral em duas posições e proteção ajustável. Arranque suave e bloqueio do veio. Importada, 220V.",
    price: 32_500,
    sizes: ["220V"],
    category: "Máquinas",
    subCategory: "Ferramentas Elétricas",
    bestseller: false,
    images: imgs("rebarbadora-115", 2),
    daysAgo: 38,
  },
  {
    name: "Gerador a Gasolina 6,5 kVA",
    description:
      "Gerador de 6,5 kVA com motor a 4 tempos, arranque elétrico e regulador automático de tensão (AVR). Depósito de 25 litros para até 10 horas de trabalho. Importado, com kit de rodas.",
    price: 685_000,
    sizes: ["220V Monofásico", "380V Trifásico"],
    category: "Máquinas",
    subCategory: "Máquinas Industriais",
    bestseller: true,
    images: imgs("gerador-65kva", 3),
    daysAgo: 13,
  },
  {
    name: "Compressor de Ar 100 L 3 CV",
    description:
      "Compressor de ar com depósito de 100 litros, motor de 3 CV e bomba lubrificada a óleo. Para pintura, pneus e ferramentas pneumáticas. Importado, com manómetros e rodas.",
    price: 310_000,
    sizes: ["220V"],
    category: "Máquinas",
    subCategory: "Máquinas Industriais",
    bestseller: false,
    images: imgs("compressor-100l", 2),
    daysAgo: 57,
  },
  {
    name: "Trator Agrícola 50 CV 4x4",
    description:
      "Trator de 50 CV com tração às quatro rodas, arco de segurança e engate de três pontos. Motor diesel robusto para lavoura, transporte e alfaias. Importado com assistência técnica e peças em Angola.",
    price: 12_800_000,
    sizes: ["50 CV 4x4"],
    category: "Máquinas",
    subCategory: "Máquinas Agrícolas",
    bestseller: false,
    images: imgs("trator-50cv", 3),
    daysAgo: 97,
  },
  {
    name: 'Motobomba de Água 3" a Gasolina',
    description:
      "Motobomba de 3 polegadas com motor de 7 CV, caudal até 60 000 litros por hora. Para rega, drenagem e abastecimento de cisternas. Importada, com mangueira e filtro de sucção.",
    price: 145_000,
    sizes: ['3"'],
    category: "Máquinas",
    subCategory: "Máquinas Agrícolas",
    bestseller: false,
    images: imgs("motobomba-3", 2),
    daysAgo: 29,
  },
  {
    name: "Betoneira 150 L com Motor Elétrico",
    description:
      "Betoneira de 150 litros com cuba em aço, coroa em ferro fundido e motor de 650 W. Rodas maciças para mudar de lugar na obra. Importada, 220V.",
    price: 395_000,
    sizes: ["220V"],
    category: "Máquinas",
    subCategory: "Máquinas de Construção",
    bestseller: false,
    images: imgs("betoneira-150l", 2),
    daysAgo: 18,
  },
  {
    name: "Macaco Hidráulico Jacaré 3 t",
    description:
      "Macaco hidráulico tipo jacaré com capacidade de 3 toneladas e elevação rápida. Rodas giratórias e alavanca em duas partes. Importado; indispensável em oficinas e frotas.",
    price: 58_000,
    sizes: ["3 toneladas"],
    category: "Máquinas",
    subCategory: "Máquinas para Oficinas",
    bestseller: false,
    images: imgs("macaco-jacare", 1),
    daysAgo: 104,
  },
  {
    name: "Máquina de Costura Eletrónica Doméstica",
    description:
      "Máquina de costura com 200 pontos, enfiador automático de agulha e ecrã LCD. Costura desde sedas até ganga com controlo de velocidade. Importada, com pedal e kit de calcadores.",
    price: 165_000,
    sizes: ["220V", "110V"],
    category: "Máquinas",
    subCategory: "Máquinas de Costura",
    bestseller: true,
    images: imgs("costura-eletronica", 3),
    daysAgo: 16,
  },
  {
    name: "Máquina Corta e Cose Overlock 4 Fios",
    description:
      "Overlock de 4 fios com diferencial para tecidos elásticos e faca de corte ajustável. Acabamentos profissionais em t-shirts, lençóis e ganga. Importada, 220V.",
    price: 215_000,
    sizes: ["220V"],
    category: "Máquinas",
    subCategory: "Máquinas de Costura",
    bestseller: false,
    images: imgs("overlock-4fios", 1),
    daysAgo: 71,
  },
  {
    name: "Lavadora de Alta Pressão 1800W",
    description:
      "Lavadora de alta pressão com 140 bar, enrolador de mangueira e depósito de detergente. Limpa viaturas, pátios e fachadas em minutos. Importada, 220V, com três bicos.",
    price: 98_000,
    sizes: ["220V"],
    category: "Máquinas",
    subCategory: "Máquinas de Limpeza",
    bestseller: false,
    images: imgs("lavadora-pressao", 3),
    daysAgo: 31,
  },
  {
    name: "Aspirador Industrial Seco e Molhado 30 L",
    description:
      "Aspirador de 1400 W para pó e líquidos com depósito em aço inoxidável de 30 litros. Função de sopro e filtro lavável. Importado, ideal para oficinas, obras e armazéns.",
    price: 112_000,
    sizes: ["220V"],
    category: "Máquinas",
    subCategory: "Máquinas de Limpeza",
    bestseller: false,
    images: imgs("aspirador-industrial", 2),
    daysAgo: 86,
  },
  {
    name: "Máquina de Soldar Inverter 200A",
    description:
      "Máquina de soldar inverter de 200 A para elétrodo revestido, com arranque a quente e anticolagem. Leve e eficiente, funciona também com gerador. Importada, com cabos e pinça.",
    price: 89_000,
    sizes: ["220V"],
    category: "Máquinas",
    subCategory: "Máquinas para Oficinas",
    bestseller: false,
    images: imgs("soldadora-inverter", 2),
    daysAgo: 20,
  },
  {
    name: "Braço Robótico Colaborativo 6 Eixos",
    description:
      "Robô colaborativo de 6 eixos com carga útil de 10 kg e alcance de 900 mm, programável por tablet. Sensores de colisão para trabalhar ao lado de pessoas. Importado sob encomenda, com instalação e formação.",
    price: 4_800_000,
    sizes: ["Alcance 900 mm · 10 kg"],
    category: "Máquinas",
    subCategory: "Robôs Industriais & Automação",
    bestseller: false,
    images: imgs("braco-robotico", 3),
    daysAgo: 113,
  },
];
