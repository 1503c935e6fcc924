/** A way the store ships an order, with its cost in hundredths. */
export interface ShippingOption {
  code: string;
  name: string;
  cost: number;
}

/**
 * The shipping options every store offers until stores configure their own: a flat-rate delivery
 * (free when every product in the cart has free shipping) and picking the order up.
 */
export function shippingOptionsFor(allFreeShipping: boolean): ShippingOption[] {
  return [
    { code: 'standard', name: 'Standard delivery', cost: allFreeShipping ? 0 : 500 },
    { code: 'pickup', name: 'Pick up at the store', cost: 0 },
  ];
}
