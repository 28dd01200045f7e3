import { Type, type Static } from "typebox";
import { Email, Password, ShortText, StrictObject } from "./common.ts";

export const RegisterBody = StrictObject({
  name: ShortText({ maxLength: 120 }),
  email: Email,
  password: Password,
});
export type RegisterBody = Static<typeof RegisterBody>;

export const LoginBody = StrictObject({ email: Type.String({ maxLength: 254 }), password: Type.String({ maxLength: 128 }) });
export type LoginBody = Static<typeof LoginBody>;

export const FirebaseLoginBody = StrictObject({ idToken: Type.String({ minLength: 1, maxLength: 8192 }) });
export type FirebaseLoginBody = Static<typeof FirebaseLoginBody>;

export const TokenReply = Type.Object({ success: Type.Literal(true), token: Type.String(), message: Type.Optional(Type.String()) });
export type TokenReply = Static<typeof TokenReply>;
