import { signUpError as validateSignUp } from "../../shared/checkout.ts";
import { HERO_SLIDES, shuffled } from "../../storefront/features/catalogue/hero-slides.ts";
import type { Address } from "../../storefront/features/checkout/types.ts";
import { addressErrors, submitError } from "../../shared/checkout.ts";
import { shortOrderId } from "../../shared/orders.ts";
import { stepZoom, ZOOM_START } from "../../storefront/features/pdf/zoom.ts";
import { DELIVERY_FEE, formatKz as formatMoney } from "../../shared/money.ts";

const address: Address = {
  firstName: "Ana",
  lastName: "Silva",
  email: "ana@example.ao",
  street: "Rua 1",
  city: "Luanda",
  state: "",
  zipcode: "1000",
  country: "Angola",
  phone: "923000000",
};

describe("sign-up validation", () => {
  it("asks for the name, then a well-formed email, then the password", () => {
    expect(validateSignUp({ name: " ", email: "a@b.ao", password: "x" })).toBe("Nome é obrigatório");
    expect(validateSignUp({ name: "Ana", email: "", password: "x" })).toBe("Email é obrigatório");
    expect(validateSignUp({ name: "Ana", email: "not-an-email", password: "x" })).toBe("Email é obrigatório");
    expect(validateSignUp({ name: "Ana", email: "a@b.ao", password: "" })).toBe("Password é obrigatório");
    expect(validateSignUp({ name: "Ana", email: "a@b.ao", password: "x" })).toBe("A palavra-passe deve ter pelo menos 8 caracteres");
    expect(validateSignUp({ name: "Ana", email: "a@b.ao", password: "        " })).toBe("A palavra-passe não pode ser feita só de espaços");
    expect(validateSignUp({ name: "Ana", email: "a@b.ao", password: "uma-senha-boa" })).toBeNull();
  });

  it("refuses a name with a link, an e-mail, an IBAN or a second line before sending it", () => {
    const withLink = "O nome não pode ter endereços de sites ou de email, IBAN nem números de conta";
    for (const name of ["Ana http://evil.example", "Ana evil\u200b.example", "Ana a@evil.ao", "Ana AO06 0040 0000 1234 5678 1012 3"])
      expect(validateSignUp({ name, email: "a@b.ao", password: "uma-senha-boa" }), name).toBe(withLink);
    expect(validateSignUp({ name: "Ana\nSilva", email: "a@b.ao", password: "uma-senha-boa" })).toBe("O nome tem de caber numa linha");
    expect(validateSignUp({ name: "J. P. d'Almeida", email: "a@b.ao", password: "uma-senha-boa" })).toBeNull();
  });
});

describe("checkout validation", () => {
  it("refuses a first or last name with a link, under the field", () => {
    expect(addressErrors({ ...address, firstName: "www.evil.example", lastName: "Silva\nPague" })).toEqual({
      firstName: "O nome não pode ter endereços de sites ou de email, IBAN nem números de conta",
      lastName: "O nome tem de caber numa linha",
    });
  });

  it("asks for the province to deliver to the door, one of Angola's, the one a known city is in", () => {
    expect(addressErrors(address, { delivering: true })).toEqual({ state: "Província é necessária para a entrega ao domicílio" });
    expect(addressErrors(address, { delivering: false })).toEqual({});
    expect(addressErrors({ ...address, state: "luanda" }, { delivering: true })).toEqual({});
    expect(addressErrors({ ...address, state: "Lisboa" })).toEqual({ state: "Escolha a província na lista das províncias de Angola" });
    expect(addressErrors({ ...address, city: "M'banza-Kongo", state: "Luanda" })).toEqual({
      state: "M'banza-Kongo fica na província Zaire: escolha essa província ou corrija a cidade",
    });
    expect(addressErrors({ ...address, city: "Aldeia Desconhecida", state: "Namibe" }, { delivering: true })).toEqual({});
  });

  it("names every missing required field with its own message; state is optional", () => {
    const empty = Object.fromEntries(Object.keys(address).map((k) => [k, ""])) as unknown as Address;
    expect(addressErrors(empty)).toEqual({
      firstName: "Primeiro nome é necessário",
      lastName: "Sobrenome é necessário",
      email: "Email é necessário",
      street: "Endereço da Rua é necessário",
      city: "Cidade é necessário",
      zipcode: "Código Postal é necessário",
      country: "País é necessário",
      phone: "Número de telefone é necessário",
    });
    expect(addressErrors(address)).toEqual({});
  });

  it("postal code and phone must be numeric", () => {
    expect(addressErrors({ ...address, zipcode: "10A0", phone: "92-abc" })).toEqual({
      zipcode: "Código Postal é necessário",
      phone: "Número de telefone é necessário",
    });
    expect(addressErrors({ ...address, phone: "+244 923 000 000" })).toEqual({});
  });

  it("at submit: the address, then a non-empty cart, then a known payment method", () => {
    expect(submitError({ ...address, city: "" }, 1, "cod")).toBe("Preencha todos os campos obrigatórios do endereço");
    expect(submitError(address, 0, "cod")).toBe("Seu carrinho está vazio");
    expect(submitError(address, 1, "paypal")).toBe("Método de pagamento inválido");
    expect(submitError(address, 1, "cod")).toBeNull();
    expect(submitError(address, 1, "stripe")).toBeNull();
  });
});

describe("the product's numbers", () => {
  it("money shows 2 decimals and the kz label", () => {
    expect(formatMoney(5000)).toMatch(/^5\s?000,00 kz$/);
    expect(formatMoney(12.5)).toBe("12,50 kz");
    expect(DELIVERY_FEE).toBe(5000);
  });

  it("PDF zoom starts at 1.2, moves by 0.2 and stays within 0.6 and 3", () => {
    expect(ZOOM_START).toBe(1.2);
    expect(stepZoom(1.2, 1)).toBe(1.4);
    expect(stepZoom(1.2, -1)).toBe(1);
    let z = ZOOM_START;
    for (let i = 0; i < 20; i++) z = stepZoom(z, 1);
    expect(z).toBe(3);
    for (let i = 0; i < 20; i++) z = stepZoom(z, -1);
    expect(z).toBe(0.6);
  });

  it("an order id shows as its last 6 characters upper-cased", () => {
    expect(shortOrderId("cm3xyzabc12def")).toBe("C12DEF");
    expect(shortOrderId("clx9k2ab7q")).toBe("K2AB7Q");
  });
});

describe("hero slides", () => {
  it("has the four fixed slides with title, subtitle and call to action", () => {
    expect(HERO_SLIDES.map((s) => [s.title, s.subtitle, s.cta])).toEqual([
      ["Últimas Novidades", "NOSSOS MAIS VENDIDOS", "ENCOMENDE AGORA"],
      ["Entregas em 7 a 14 dias", "ENCOMENDE O SEU TELEFONE AQUI:", "ENVIO POR VIA AÉREA"],
      ["Envie sua mercadoria", "PARA GRANDES PROJETOS", "DE FORMA SIMPLES E SEGURA"],
      ["Do Exterior Para Si", "IMPORTADOS SELECIONADOS", "COMPRE HOJE"],
    ]);
  });

  it("shuffling gives every slide once, and any slide can come first", () => {
    const firsts = new Set<string>();
    for (let k = 0; k < 4; k++) {
      const order = shuffled(HERO_SLIDES, () => (k + 0.5) / 4);
      expect([...order].map((s) => s.title).sort()).toEqual([...HERO_SLIDES].map((s) => s.title).sort());
      firsts.add(order[0]!.title);
    }
    expect(firsts.size).toBeGreaterThan(1);
  });
});
