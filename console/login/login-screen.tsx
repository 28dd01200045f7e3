import { useState, type CSSProperties, type FormEvent } from "react";
import { signIn, takeNotice } from "../lib/session.ts";
import { loadConsoleApp } from "../lib/load-app.ts";
import { shellMessages } from "../i18n/shell.ts";

// The first screen is deliberately plain React: react-admin and MUI load only after sign-in.

const styles: Record<string, CSSProperties> = {
  page: {
    minHeight: "100vh",
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    background: "#f2f4f7",
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  },
  card: {
    width: "100%",
    maxWidth: 360,
    background: "#fff",
    borderRadius: 12,
    boxShadow: "0 4px 24px rgba(0,0,0,.08)",
    padding: "32px 28px",
  },
  title: { margin: "0 0 4px", fontSize: 22, color: "#111" },
  subtitle: { margin: "0 0 24px", color: "#555", fontSize: 14 },
  label: { display: "block", fontSize: 13, color: "#333", marginBottom: 6 },
  input: {
    width: "100%",
    boxSizing: "border-box",
    padding: "10px 12px",
    border: "1px solid #c8ccd2",
    borderRadius: 8,
    fontSize: 15,
    marginBottom: 16,
  },
  button: {
    width: "100%",
    padding: "11px 12px",
    border: 0,
    borderRadius: 8,
    background: "#1f3a5f",
    color: "#fff",
    fontSize: 15,
    fontWeight: 600,
    cursor: "pointer",
  },
  error: { background: "#fdecea", color: "#8a1c12", borderRadius: 8, padding: "8px 12px", fontSize: 14, marginBottom: 16 },
  notice: { background: "#e8f0fb", color: "#1f3a5f", borderRadius: 8, padding: "8px 12px", fontSize: 14, marginBottom: 16 },
};

export function LoginScreen() {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice] = useState(takeNotice);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!email.trim() || !password) {
      setError(shellMessages.fill_both);
      return;
    }
    setBusy(true);
    setError(null);
    // Warm the app chunk while the credentials are checked; a failed download is retried by React.lazy.
    loadConsoleApp().catch(() => undefined);
    try {
      await signIn(email.trim(), password);
      // A fresh session always starts on the dashboard, whatever hash the last one left.
      window.location.hash = "#/";
    } catch (err) {
      setError(err instanceof Error ? err.message : shellMessages.sign_in_failed);
      setBusy(false);
    }
  };

  return (
    <main style={styles.page}>
      <form style={styles.card} onSubmit={submit} noValidate aria-label={shellMessages.form_label}>
        <h1 style={styles.title}>{shellMessages.title}</h1>
        <p style={styles.subtitle}>{shellMessages.subtitle}</p>
        {notice && !error && (
          <div role="status" style={styles.notice}>
            {notice}
          </div>
        )}
        {error && (
          <div role="alert" style={styles.error}>
            {error}
          </div>
        )}
        <label style={styles.label} htmlFor="email">
          {shellMessages.email}
        </label>
        <input
          style={styles.input}
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoFocus
        />
        <label style={styles.label} htmlFor="password">
          {shellMessages.password}
        </label>
        <input
          style={styles.input}
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <button style={{ ...styles.button, opacity: busy ? 0.7 : 1 }} type="submit" disabled={busy}>
          {busy ? shellMessages.submitting : shellMessages.submit}
        </button>
      </form>
    </main>
  );
}
