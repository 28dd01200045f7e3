/** SPEC.md §3 Address. */
export interface Address {
  firstName: string;
  lastName: string;
  email: string;
  street: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  phone: string;
}

/** SPEC.md §3 Order item. */
export interface OrderItem {
  itemId: string;
  name: string;
  image: string[] | string;
  price: number;
  size: string;
  quantity: number;
}

export type PaymentMethod = "cod" | "stripe";

export interface PlaceOrderBody {
  address: Address;
  items: OrderItem[];
  totalAmount: number;
  paymentMethod: PaymentMethod;
}
