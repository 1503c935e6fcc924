/** The storefront's own words, in the languages the samples and the spec name; others read English. */
export interface StorefrontTexts {
  options: string;
  showOption: string;
  inStock: string;
  unitsInStock(count: number): string;
  outOfStock: string;
  priceOnRequest: string;
  option(position: number): string;
  noImage: string;
  language: string;
  freeShipping: string;
}

const ENGLISH: StorefrontTexts = {
  options: 'Options',
  showOption: 'Show this option',
  inStock: 'In stock',
  unitsInStock: (count) => `${count} in stock`,
  outOfStock: 'Out of stock',
  priceOnRequest: 'Price on request',
  option: (position) => `Option ${position}`,
  noImage: 'No picture yet',
  language: 'Language',
  freeShipping: 'Free shipping',
};

const TEXTS: Record<string, StorefrontTexts> = {
  en: ENGLISH,
  es: {
    options: 'Opciones',
    showOption: 'Ver esta opción',
    inStock: 'En stock',
    unitsInStock: (count) => `${count} en stock`,
    outOfStock: 'Sin stock',
    priceOnRequest: 'Precio a consultar',
    option: (position) => `Opción ${position}`,
    noImage: 'Todavía sin foto',
    language: 'Idioma',
    freeShipping: 'Envío gratis',
  },
  pt: {
    options: 'Opções',
    showOption: 'Ver esta opção',
    inStock: 'Em estoque',
    unitsInStock: (count) => `${count} em estoque`,
    outOfStock: 'Esgotado',
    priceOnRequest: 'Preço sob consulta',
    option: (position) => `Opção ${position}`,
    noImage: 'Ainda sem foto',
    language: 'Idioma',
    freeShipping: 'Frete grátis',
  },
};

export const storefrontTexts = (language: string): StorefrontTexts => TEXTS[language] ?? ENGLISH;
