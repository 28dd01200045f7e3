/** The staff API, served by the same process under /admin/api (DESIGN.md). */
export const API_URL = "/admin/api";
