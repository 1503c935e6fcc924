/** A way the store ships an order, with its cost in hundredths. */
export interface ShippingOption {
  code: string;
  name: string;
  cost: number;
}

/** The options' names in the storefront's languages (others read English): the shopper reads them, and the order keeps the one chosen. */
const NAMES: Record<string, { standard: string; pickup: string }> = {
  en: { standard: 'Standard delivery', pickup: 'Pick up at the store' },
  es: { standard: 'Envío a domicilio', pickup: 'Retiro en el local' },
  pt: { standard: 'Entrega padrão', pickup: 'Retirar na loja' },
};

/**
 * The shipping options every store offers until stores configure their own: a flat-rate delivery
 * (free when every product in the cart has free shipping) and picking the order up, named in
 * `language`.
 */
export function shippingOptionsFor(allFreeShipping: boolean, language: string): ShippingOption[] {
  const names = NAMES[language] ?? NAMES.en;
  return [
    { code: 'standard', name: names.standard, cost: allFreeShipping ? 0 : 500 },
    { code: 'pickup', name: names.pickup, cost: 0 },
  ];
}
