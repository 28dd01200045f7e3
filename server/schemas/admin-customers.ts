import { Type, type Static } from "typebox";

export const AdminCustomer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  active: Type.Boolean(),
  orderCount: Type.Integer(),
  totalSpent: Type.Number(),
  createdAt: Type.String(),
});
export type AdminCustomer = Static<typeof AdminCustomer>;
