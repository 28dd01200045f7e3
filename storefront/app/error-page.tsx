import { isRouteErrorResponse, useRouteError } from "react-router-dom";

/** The router's fallback (SPEC.md §8); a failed chunk download after a deploy is the usual cause. */
export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : error instanceof Error ? error.message : "";
  return (
    <div className="error-page">
      <h1>Unexpected Application Error!</h1>
      {detail && <p className="muted">{detail}</p>}
      <p>
        <a href="/">Recarregar a loja</a>
      </p>
    </div>
  );
}
