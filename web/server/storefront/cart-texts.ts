/** The cart's and checkout's words, in the storefront's languages; others read English. */
export interface CartTexts {
  cart: string;
  addToCart: string;
  quantity: string;
  empty: string;
  continueShopping: string;
  update: string;
  remove: string;
  coupon: string;
  applyCoupon: string;
  removeCoupon: string;
  subtotal: string;
  discount: string;
  shipping: string;
  total: string;
  checkout: string;
  contact: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  street: string;
  number: string;
  floor: string;
  city: string;
  province: string;
  zipcode: string;
  country: string;
  shippingOption: string;
  review: string;
  placeOrder: string;
  thanks: string;
  orderNumber: (number: number) => string;
  paymentPending: string;
  fixErrors: string;
}

const ENGLISH: CartTexts = {
  cart: 'Your cart',
  addToCart: 'Add to cart',
  quantity: 'Quantity',
  empty: 'Your cart is empty.',
  continueShopping: 'Continue shopping',
  update: 'Update',
  remove: 'Remove',
  coupon: 'Coupon code',
  applyCoupon: 'Apply',
  removeCoupon: 'Remove coupon',
  subtotal: 'Subtotal',
  discount: 'Discount',
  shipping: 'Shipping',
  total: 'Total',
  checkout: 'Check out',
  contact: 'Contact',
  name: 'Full name',
  email: 'E-mail',
  phone: 'Phone',
  address: 'Shipping address',
  street: 'Street',
  number: 'Number',
  floor: 'Floor / apartment',
  city: 'City',
  province: 'Province / state',
  zipcode: 'Postal code',
  country: 'Country (two letters, e.g. AR)',
  shippingOption: 'Shipping',
  review: 'Review',
  placeOrder: 'Place order',
  thanks: 'Thank you for your order',
  orderNumber: (number) => `Order #${number}`,
  paymentPending: 'Payment pending: the store will confirm it.',
  fixErrors: 'Please check the fields marked below.',
};

const TEXTS: Record<string, CartTexts> = {
  en: ENGLISH,
  es: {
    ...ENGLISH,
    cart: 'Tu carrito',
    addToCart: 'Agregar al carrito',
    quantity: 'Cantidad',
    empty: 'Tu carrito está vacío.',
    continueShopping: 'Seguir comprando',
    update: 'Actualizar',
    remove: 'Quitar',
    coupon: 'Cupón de descuento',
    applyCoupon: 'Aplicar',
    removeCoupon: 'Quitar cupón',
    discount: 'Descuento',
    shipping: 'Envío',
    checkout: 'Finalizar compra',
    contact: 'Contacto',
    name: 'Nombre y apellido',
    phone: 'Teléfono',
    address: 'Dirección de envío',
    street: 'Calle',
    number: 'Número',
    floor: 'Piso / depto.',
    city: 'Ciudad',
    province: 'Provincia',
    zipcode: 'Código postal',
    country: 'País (dos letras, p. ej. AR)',
    shippingOption: 'Envío',
    review: 'Revisión',
    placeOrder: 'Confirmar compra',
    thanks: '¡Gracias por tu compra!',
    orderNumber: (number) => `Orden #${number}`,
    paymentPending: 'Pago pendiente: la tienda lo confirmará.',
    fixErrors: 'Revisá los campos marcados abajo.',
  },
  pt: {
    ...ENGLISH,
    cart: 'Seu carrinho',
    addToCart: 'Adicionar ao carrinho',
    quantity: 'Quantidade',
    empty: 'Seu carrinho está vazio.',
    continueShopping: 'Continuar comprando',
    update: 'Atualizar',
    remove: 'Remover',
    coupon: 'Cupom de desconto',
    applyCoupon: 'Aplicar',
    removeCoupon: 'Remover cupom',
    discount: 'Desconto',
    shipping: 'Frete',
    checkout: 'Finalizar compra',
    contact: 'Contato',
    name: 'Nome completo',
    phone: 'Telefone',
    address: 'Endereço de entrega',
    street: 'Rua',
    number: 'Número',
    floor: 'Complemento',
    city: 'Cidade',
    province: 'Estado',
    zipcode: 'CEP',
    country: 'País (duas letras, ex. BR)',
    shippingOption: 'Frete',
    review: 'Revisão',
    placeOrder: 'Finalizar pedido',
    thanks: 'Obrigado pela sua compra!',
    orderNumber: (number) => `Pedido #${number}`,
    paymentPending: 'Pagamento pendente: a loja vai confirmá-lo.',
    fixErrors: 'Confira os campos marcados abaixo.',
  },
};

export const cartTexts = (language: string): CartTexts => TEXTS[language] ?? ENGLISH;
