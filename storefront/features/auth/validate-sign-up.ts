// SPEC.md §5 sign-up rules; the first failing rule's message is shown.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface SignUpInput { name: string; email: string; password: string }

export const validateSignUp = (v: SignUpInput): string | null => {
  if (!v.name.trim()) return "Nome é obrigatório";
  if (!EMAIL.test(v.email.trim())) return "Email é obrigatório";
  if (!v.password) return "Password é obrigatório";
  return null;
};
