import { useEffect, useState } from "react";
import { copyText } from "../lib/copy-text.ts";

/** The copy feedback shows for 2000 ms (docs/product/storefront.md#payment-page). */
const COPY_FEEDBACK_MS = 2000;

/** One way to copy a value: the button's text, its accessible name and the field named in the feedback. */
export interface CopyAction {
  text: string;
  /** Visible text of the button; 'Copiar' by default. */
  button?: string;
  /** Accessible name; 'Copiar ' + the row's label by default. */
  name?: string;
  /** Shown after 'Copiado: ' in capitals; the row's label by default. */
  field?: string;
}

export interface CopyRow {
  label: string;
  value: string;
  /** The value itself by default. */
  actions?: CopyAction[];
  /** A long code without word breaks (an IBAN) may wrap between any characters; names wrap only between words. */
  code?: boolean;
}

/** Which button copied what: the field's name in capitals, and the button's accessible name (where to show it). */
export interface Copied {
  field: string;
  from: string;
}

/**
 * After a copy, 'Copiado: ' + the field name in capitals for 2 s: `copied` for the page's live region (read aloud),
 * `from` so the list shows it beside the button pressed (on a phone the page's line may be a screen away).
 */
export function useCopyFeedback(): [copied: string, copy: (text: string, field: string, from?: string) => void, from: Copied | null] {
  const [copied, setCopied] = useState<Copied | null>(null);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(null), COPY_FEEDBACK_MS);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = (text: string, field: string, from = "") =>
    void copyText(text).then(
      () => setCopied({ field: field.toUpperCase(), from }),
      () => {},
    );
  return [copied?.field ?? "", copy, copied];
}

/** Name–value rows, each with its copy button(s); 'Copiado: …' beside the one just pressed. */
export function CopyList({
  rows,
  onCopy,
  copied,
  testId,
}: {
  rows: CopyRow[];
  onCopy: (text: string, field: string, from: string) => void;
  copied?: Copied | null;
  testId?: string;
}) {
  return (
    <dl className="bank" data-testid={testId}>
      {rows.map((row) => {
        const actions = (row.actions ?? [{ text: row.value }]).map((a) => ({ ...a, name: a.name ?? `Copiar ${row.label}` }));
        const here = copied && actions.some((a) => a.name === copied.from);
        return (
          <div key={row.label} className="bank-row">
            <dt>{row.label}</dt>
            <dd className={row.code ? "bank-code" : undefined}>{row.value}</dd>
            {/* Inside the group as a <dd>: a <dl> may hold only name-value groups (axe: definition-list). */}
            <dd className="bank-copy">
              {actions.map((a) => (
                <button
                  key={a.name}
                  type="button"
                  className="btn btn-outline btn-small"
                  aria-label={a.name}
                  onClick={() => onCopy(a.text, a.field ?? row.label, a.name)}
                >
                  {a.button ?? "Copiar"}
                </button>
              ))}
              {/* Seen where the finger is; the page's live region says it aloud (aria-hidden: not twice). */}
              {here && (
                <span className="copied-here" aria-hidden="true" data-testid="copied-here">
                  Copiado: {copied.field}
                </span>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
