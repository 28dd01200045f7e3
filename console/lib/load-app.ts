// The react-admin app is one lazy chunk: main.tsx renders it behind a session, and the login screen starts
// fetching it the moment staff submit their credentials (in parallel with the sign-in request), never before.
export const loadConsoleApp = () => import("../app.tsx");
