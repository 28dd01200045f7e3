// Where a city is in Angola, so a delivery address's province can be checked against its city and priced by the
// right zone: a Lubango address is Huíla's, at Huíla's fee, never Luanda's (docs/product/checkout.md#delivery).
//
// The provinces are the 21 of Lei 14/24 (shared/delivery.ts): the 18 of before plus Cuando and Cubango (from
// Cuando Cubango), Moxico Leste (from Moxico) and Icolo e Bengo (from Luanda). For each, its capital and main
// cities and municipal seats as shoppers write them, with the usual other spellings. The list is deliberately not
// every commune: a city it does not know is not checked (the shop cannot tell), while a city it knows under another
// province is refused — so a name is here only where its province is certain, and names shared by places in two
// provinces (Jamba) or municipalities the 2024 division may have moved are left out.
import { foldText } from "./search.ts";

export const ANGOLA_CITIES: Readonly<Record<string, readonly string[]>> = {
  Bengo: ["Caxito", "Dande", "Ambriz", "Nambuangongo", "Dembos", "Quibaxe", "Pango Aluquém", "Bula Atumba", "Barra do Dande"],
  Benguela: ["Benguela", "Lobito", "Catumbela", "Baía Farta", "Bocoio", "Balombo", "Caimbambo", "Chongorói", "Cubal", "Ganda"],
  Bié: ["Cuíto", "Kuito", "Andulo", "Camacupa", "Catabola", "Chinguar", "Chitembo", "Cuemba", "Cunhinga", "Nharea"],
  Cabinda: ["Cabinda", "Cacongo", "Landana", "Buco-Zau", "Belize"],
  Cuando: ["Mavinga"],
  Cubango: ["Menongue", "Cuchi"],
  "Cuanza Norte": [
    "Ndalatando",
    "N'dalatando",
    "Dondo",
    "Cambambe",
    "Cazengo",
    "Golungo Alto",
    "Lucala",
    "Ambaca",
    "Camabatela",
    "Samba Cajú",
    "Banga",
    "Bolongongo",
    "Quiculungo",
  ],
  "Cuanza Sul": [
    "Sumbe",
    "Porto Amboim",
    "Gabela",
    "Amboim",
    "Waku Kungo",
    "Wako Kungo",
    "Cela",
    "Quibala",
    "Seles",
    "Conda",
    "Cassongue",
    "Ebo",
    "Calulo",
    "Libolo",
    "Mussende",
    "Quilenda",
  ],
  Cunene: [
    "Ondjiva",
    "Onjiva",
    "N'giva",
    "Cuanhama",
    "Cahama",
    "Curoca",
    "Oncócua",
    "Cuvelai",
    "Namacunde",
    "Santa Clara",
    "Ombadja",
    "Xangongo",
  ],
  Huambo: [
    "Huambo",
    "Caála",
    "Bailundo",
    "Londuimbali",
    "Longonjo",
    "Mungo",
    "Cachiungo",
    "Chicala-Choloanga",
    "Ecunha",
    "Ucuma",
    "Chinjenje",
  ],
  Huíla: [
    "Lubango",
    "Matala",
    "Caconda",
    "Chibia",
    "Quilengues",
    "Humpata",
    "Cacula",
    "Caluquembe",
    "Chicomba",
    "Chipindo",
    "Cuvango",
    "Gambos",
    "Chiange",
    "Quipungo",
  ],
  "Icolo e Bengo": ["Catete", "Bom Jesus", "Quiçama", "Kissama", "Muxima", "Cabo Ledo"],
  Luanda: [
    "Luanda",
    "Viana",
    "Cacuaco",
    "Cazenga",
    "Belas",
    "Talatona",
    "Kilamba Kiaxi",
    "Kilamba",
    "Camama",
    "Benfica",
    "Zango",
    "Sambizanga",
    "Rangel",
    "Maianga",
    "Ingombota",
    "Samba",
    "Mussulo",
    "Hoji-ya-Henda",
  ],
  "Lunda Norte": [
    "Dundo",
    "Chitato",
    "Lucapa",
    "Cambulo",
    "Capenda-Camulemba",
    "Caungula",
    "Cuango",
    "Cuilo",
    "Lubalo",
    "Xá-Muteba",
    "Lóvua",
  ],
  "Lunda Sul": ["Saurimo", "Cacolo", "Dala", "Muconda"],
  Malanje: [
    "Malanje",
    "Cacuso",
    "Calandula",
    "Cambundi-Catembo",
    "Cangandala",
    "Caombo",
    "Cunda-Dia-Baze",
    "Kiwaba Nzoji",
    "Luquembo",
    "Marimba",
    "Massango",
    "Mucari",
    "Quela",
    "Quirima",
  ],
  Moxico: ["Luena"],
  "Moxico Leste": ["Cazombo"],
  Namibe: ["Moçâmedes", "Namibe", "Tômbwa", "Tombua", "Bibala", "Camucuio", "Virei"],
  Uíge: [
    "Uíge",
    "Negage",
    "Maquela do Zombo",
    "Damba",
    "Sanza Pombo",
    "Bembe",
    "Buengas",
    "Bungo",
    "Cangola",
    "Mucaba",
    "Puri",
    "Quimbele",
    "Quitexe",
    "Songo",
    "Ambuíla",
    "Alto Cauale",
    "Milunga",
  ],
  Zaire: ["Mbanza Kongo", "M'banza Kongo", "Mbanza Congo", "Soyo", "Nzeto", "N'zeto", "Tomboco", "Cuimba", "Nóqui"],
};

/** A place's name as compared: no case, accents, spaces, hyphens or apostrophes ("M'banza-Kongo" is "mbanzakongo"). */
export const placeKey = (name: string): string => foldText(name).replace(/[^a-z0-9]/g, "");

const CITY_PROVINCES = new Map<string, string[]>();
for (const [province, cities] of Object.entries(ANGOLA_CITIES))
  for (const city of cities) {
    const key = placeKey(city);
    const provinces = CITY_PROVINCES.get(key) ?? [];
    if (!provinces.includes(province)) CITY_PROVINCES.set(key, [...provinces, province]);
  }

/**
 * The provinces the city is known in (usually one; empty when the shop does not know it), from this list and from
 * `more` — the municipalities the shop's own delivery zones name for one province.
 */
export function provincesOfCity(city: string, more: readonly { province: string; places: readonly string[] }[] = []): string[] {
  const key = placeKey(city);
  if (!key) return [];
  const known = [...(CITY_PROVINCES.get(key) ?? [])];
  for (const { province, places } of more)
    if (!known.includes(province) && places.some((place) => placeKey(place) === key)) known.push(province);
  return known;
}
