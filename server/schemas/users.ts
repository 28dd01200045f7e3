import { Type, type Static } from "typebox";
import { ShortText, StrictObject } from "./common.ts";

// Empty values pass the edge on purpose: the domain answers them with SPEC.md §5's own messages.
export const RegisterBody = StrictObject({
  name: ShortText({ maxLength: 120 }),
  email: Type.String({ maxLength: 254 }),
  password: Type.String({ maxLength: 128 }),
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = StrictObject({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 128 }) });
export type LoginBody = Static<typeof LoginBody>;

export const FirebaseLoginBody = StrictObject({ idToken: Type.String({ minLength: 1, maxLength: 8192 }) });
export type FirebaseLoginBody = Static<typeof FirebaseLoginBody>;

export const TokenReply = Type.Object({ success: Type.Literal(true), token: Type.String(), message: Type.Optional(Type.String()) });
export type TokenReply = Static<typeof TokenReply>;

export const StaffLoginReply = Type.Object({
  success: Type.Literal(true),
  token: Type.String(),
  user: Type.Object({ id: Type.String(), name: Type.String(), email: Type.Union([Type.String(), Type.Null()]), role: Type.String() }),
});
