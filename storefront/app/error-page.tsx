import { Component, type ReactNode } from "react";

/** The fallback page (docs/product/storefront.md#fallback-page); a failed chunk download after a deploy is the usual cause. */
function ErrorPage({ detail }: { detail?: string }) {
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

/** Shows the fallback page when its children fail; `fallback` replaces it for a part the page can live without. */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error) {
    console.error(error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return this.props.fallback !== undefined ? this.props.fallback : <ErrorPage detail={this.state.error.message} />;
  }
}
