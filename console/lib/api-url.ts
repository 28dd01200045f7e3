/** The staff API, served by the same process under /admin/api (docs/product/staff-api.md). */
export const API_URL = "/admin/api";
