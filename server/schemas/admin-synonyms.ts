import { Type } from "typebox";
import { Id, StrictObject } from "./common.ts";

export const AdminSynonyms = Type.Object({ id: Id, words: Type.Array(Type.String()) });
export const AdminSynonymsBody = StrictObject({ words: Type.Array(Type.String({ maxLength: 100 }), { maxItems: 40 }) });
