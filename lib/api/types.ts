// The wire format of the commerce API (../shared/api-contract.md), as the storefront reads it.

export interface Category {
  _id: string;
  name: string;
  slug: string;
  image: string;
}

export type Brand = Category;

export interface Product {
  _id: string;
  id: string;
  title: string;
  slug: string;
  description: string;
  quantity: number;
  sold: number;
  price: number;
  priceAfterDiscount?: number;
  imageCover: string;
  images: string[];
  category: Category;
  brand: Brand;
  ratingsAverage: number;
  ratingsQuantity: number;
}

export interface ListEnvelope<T> {
  results: number;
  metadata: { currentPage: number; numberOfPages: number; limit: number; nextPage?: number; prevPage?: number };
  data: T[];
}

export interface CartProduct {
  _id: string;
  id: string;
  title: string;
  imageCover: string;
  quantity: number;
  category: Category;
  brand: Brand;
  ratingsAverage: number;
}

export interface CartLine {
  _id: string;
  count: number;
  price: number;
  product: CartProduct;
}

export interface CartEnvelope {
  status: 'success';
  message?: string;
  numOfCartItems: number;
  cartId: string;
  data: {
    _id: string;
    cartOwner: string;
    products: CartLine[];
    totalCartPrice: number;
    createdAt: string;
    updatedAt: string;
    __v: number;
  };
}

export interface ShippingAddress {
  details: string;
  phone: string;
  city: string;
}

export interface OrderLine {
  _id: string;
  count: number;
  price: number;
  product: CartProduct;
}

export interface Order {
  _id: string;
  id: number;
  shippingAddress: ShippingAddress;
  taxPrice: number;
  shippingPrice: number;
  discountPrice: number;
  totalOrderPrice: number;
  paymentMethodType: 'cash' | 'card';
  isPaid: boolean;
  paidAt?: string;
  isDelivered: boolean;
  user: { _id: string; name: string; email: string; phone: string };
  cartItems: OrderLine[];
  createdAt: string;
  updatedAt: string;
}

export interface AuthResponse {
  message: string;
  user: { name: string; email: string; role: string };
  token: string;
}

export interface CheckoutSessionResponse {
  status: 'success';
  session: {
    id: string;
    url: string;
    success_url: string;
    cancel_url: string;
    status: string;
    payment_status: string;
    amount_total: number;
    currency: string;
    expires_at: number;
  };
}

export interface WishlistEnvelope {
  status: 'success';
  count: number;
  data: Product[];
}
