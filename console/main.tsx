import { StrictMode, Suspense, lazy, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { LoginScreen } from "./login/login-screen.tsx";
import { getSession, onSessionChange } from "./lib/session.ts";
import { loadConsoleApp } from "./lib/load-app.ts";
import { shellMessages } from "./i18n/shell.ts";

// Code-split on purpose: the login screen is tiny; react-admin, MUI and every resource load
// only once a staff session exists.
const ConsoleApp = lazy(() => loadConsoleApp().then((m) => ({ default: m.ConsoleApp })));

const Loading = () => (
  <div
    role="progressbar"
    aria-label={shellMessages.loading}
    style={{
      minHeight: "100vh",
      display: "flex",
      alignItems: "center",
      justifyContent: "center",
      fontFamily: "system-ui, sans-serif",
      color: "#555",
    }}
  >
    {shellMessages.loading}
  </div>
);

function Root() {
  const [signedIn, setSignedIn] = useState(() => getSession() !== null);
  useEffect(() => onSessionChange(() => setSignedIn(getSession() !== null)), []);
  if (!signedIn) return <LoginScreen />;
  return (
    <Suspense fallback={<Loading />}>
      <ConsoleApp />
    </Suspense>
  );
}

const container = document.getElementById("root");
if (container)
  createRoot(container).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
