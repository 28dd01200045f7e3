// What a resource sends to the staff API on create and update. The server's bodies are strict, so each resource
// folder owns its transform (e.g. products/transform.ts) and the data provider only dispatches to it.

export type Row = Record<string, unknown>;

/** Turns a react-admin record into the body the server accepts; `creating` tells a create from an update. */
export type RequestBodyTransform = (data: Row, creating: boolean) => Row;

/** The listed fields that have a value; null and undefined are left out (the server keeps what it has). */
export const pickFields = (data: Row, fields: readonly string[]): Row => {
  const body: Row = {};
  for (const field of fields) {
    const value = data[field];
    if (value !== undefined && value !== null) body[field] = value;
  }
  return body;
};
