// Where this instance is in its life (docs/design/operations.md#shutdown): serving, or draining after SIGTERM —
// still answering requests, but telling the proxy through /health/ready to send new ones elsewhere.
export class Lifecycle {
  private drainingSince: number | undefined;

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  /** From now on /health/ready answers 503; requests keep being served until the app closes. */
  drain(): void {
    this.drainingSince ??= Date.now();
  }
}
