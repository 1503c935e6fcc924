/**
 * The store API's words for a refused field (English, as apps read them) in the shopper's
 * language: the cart's and checkout's pages show a problem beside its field, in the language the
 * page is in. A message no rule knows is shown as the API wrote it.
 */
type Say = (match: RegExpExecArray, field: string) => string;
type Rule = [pattern: RegExp, say: Record<'en' | 'es' | 'pt', Say>];

const RULES: Rule[] = [
  [/^can't be blank$/, { en: () => 'Please fill in this field.', es: () => 'Completá este campo.', pt: () => 'Preencha este campo.' }],
  [
    /^is invalid$/,
    {
      en: (_, field) => (field.endsWith('email') ? 'Please enter a valid e-mail, e.g. ana@example.com.' : 'Please check this value.'),
      es: (_, field) => (field.endsWith('email') ? 'Escribí un e-mail válido, p. ej. ana@ejemplo.com.' : 'Revisá este dato.'),
      pt: (_, field) => (field.endsWith('email') ? 'Informe um e-mail válido, ex. ana@exemplo.com.' : 'Confira este dado.'),
    },
  ],
  // A country is a two-letter code however it was missed (too long, or not letters).
  [
    /^(?:must be an ISO 3166-1 alpha-2 code|is too long \(maximum is 2 characters\))$/,
    { en: () => 'Please use the two-letter country code (e.g. AR).', es: () => 'Usá el código de dos letras del país (p. ej. AR).', pt: () => 'Use o código de duas letras do país (ex. BR).' },
  ],
  [
    /^is too long \(maximum is (\d+) characters\)$/,
    { en: ([, max]) => `Please use at most ${max} characters.`, es: ([, max]) => `Es demasiado largo (máximo ${max} caracteres).`, pt: ([, max]) => `É longo demais (máximo de ${max} caracteres).` },
  ],
  [
    /^must be one of the store’s shipping options$/,
    { en: () => 'Please choose one of the store’s shipping options.', es: () => 'Elegí una de las opciones de envío de la tienda.', pt: () => 'Escolha uma das opções de frete da loja.' },
  ],
  [/^The cart is empty$/, { en: () => 'Your cart is empty.', es: () => 'Tu carrito está vacío.', pt: () => 'Seu carrinho está vazio.' }],
  [
    /^must be an integer between (\d+) and (\d+)$/,
    { en: ([, min, max]) => `Please choose a quantity from ${min} to ${max}.`, es: ([, min, max]) => `Elegí una cantidad entre ${min} y ${max}.`, pt: ([, min, max]) => `Escolha uma quantidade entre ${min} e ${max}.` },
  ],
  [
    /^(?:exceeds the stock of variant \d+ \((\d+) left\)|Only (\d+) left)$/,
    {
      en: ([, a, b]) => `Only ${a ?? b} left.`,
      es: ([, a, b]) => ((a ?? b) === '1' ? 'Queda 1 sola unidad.' : `Quedan ${a ?? b} unidades.`),
      pt: ([, a, b]) => ((a ?? b) === '1' ? 'Resta só 1 unidade.' : `Restam ${a ?? b} unidades.`),
    },
  ],
  [
    /^(?:Variant \d+ (?:not found|is not in the cart)|This product is no longer available)$/,
    { en: () => 'This product is no longer available.', es: () => 'Este producto ya no está disponible.', pt: () => 'Este produto não está mais disponível.' },
  ],
  [/^This product has no price$/, { en: () => 'This product has no price yet.', es: () => 'Este producto todavía no tiene precio.', pt: () => 'Este produto ainda não tem preço.' }],
  [
    /^needs products in the cart$/,
    { en: () => 'Add products to the cart to use a coupon.', es: () => 'Agregá productos al carrito para usar un cupón.', pt: () => 'Adicione produtos ao carrinho para usar um cupom.' },
  ],
  [
    /^(.+) is not a coupon of this store$/,
    { en: ([, code]) => `${code} is not a coupon of this store.`, es: ([, code]) => `${code} no es un cupón de esta tienda.`, pt: ([, code]) => `${code} não é um cupom desta loja.` },
  ],
  [/^(.+) is not valid$/, { en: ([, code]) => `The coupon ${code} is not active.`, es: ([, code]) => `El cupón ${code} no está vigente.`, pt: ([, code]) => `O cupom ${code} não está ativo.` }],
  [
    /^(.+) is valid from (\S+)$/,
    { en: ([, code, date]) => `The coupon ${code} is valid from ${date}.`, es: ([, code, date]) => `El cupón ${code} vale desde el ${date}.`, pt: ([, code, date]) => `O cupom ${code} vale a partir de ${date}.` },
  ],
  [
    /^(.+) expired on (\S+)$/,
    { en: ([, code, date]) => `The coupon ${code} expired on ${date}.`, es: ([, code, date]) => `El cupón ${code} venció el ${date}.`, pt: ([, code, date]) => `O cupom ${code} expirou em ${date}.` },
  ],
  [
    /^(.+) has reached its maximum uses$/,
    { en: ([, code]) => `The coupon ${code} has been used up.`, es: ([, code]) => `El cupón ${code} ya alcanzó su máximo de usos.`, pt: ([, code]) => `O cupom ${code} atingiu o limite de usos.` },
  ],
  [
    /^(.+) does not apply to these products$/,
    { en: ([, code]) => `The coupon ${code} does not apply to these products.`, es: ([, code]) => `El cupón ${code} no se aplica a estos productos.`, pt: ([, code]) => `O cupom ${code} não vale para estes produtos.` },
  ],
  [
    /^(.+) needs a purchase of at least (\S+)$/,
    { en: ([, code, amount]) => `The coupon ${code} needs a purchase of at least ${amount}.`, es: ([, code, amount]) => `El cupón ${code} requiere una compra mínima de ${amount}.`, pt: ([, code, amount]) => `O cupom ${code} exige uma compra mínima de ${amount}.` },
  ],
];

/** One problem of `field` (the API's name, e.g. `shipping_address.city`) in `language`. */
export function problemText(language: string, field: string, message: string): string {
  const words = language === 'es' || language === 'pt' ? language : 'en';
  for (const [pattern, say] of RULES) {
    const match = pattern.exec(message);
    if (match) return say[words](match, field);
  }
  return message;
}

/** Every problem of a 422 map in `language`, keyed as the API keyed them. */
export function localProblems(language: string, problems: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(problems).map(([field, messages]) => [field, messages.map((message) => problemText(language, field, message))]));
}
