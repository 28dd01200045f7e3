// Texts shown before react-admin (and its i18n provider) has loaded: the login screen, the loading screen,
// session notices and transport errors. Kept apart so the first screen stays small; pt.ts includes them too.
export const shellMessages = {
  title: "Loja — Consola",
  subtitle: "Entre com a sua conta de equipa.",
  form_label: "Entrar na consola",
  email: "Email",
  password: "Palavra-passe",
  submit: "Entrar",
  submitting: "A entrar…",
  fill_both: "Preencha o email e a palavra-passe.",
  sign_in_failed: "Falha na autenticação, tente novamente.",
  unreachable: "Não foi possível contactar o servidor. Verifique a ligação.",
  not_staff: "Esta conta não tem acesso à consola.",
  session_ended: "A sua sessão terminou. Volte a entrar.",
  loading: "A carregar a consola…",
  http_error: "Erro de comunicação com o servidor",
} as const;
