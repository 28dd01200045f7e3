import { Link } from "react-router-dom";

export default function NotFoundPage() {
  return (
    <div className="empty">
      <h1>Página não encontrada</h1>
      <Link className="btn" to="/">
        VOLTAR AO INÍCIO
      </Link>
    </div>
  );
}
