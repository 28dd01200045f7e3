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

/** After a copy, 'Copiado: ' + the field name in capitals for 2 s. */
export function useCopyFeedback(): [copied: string, copy: (text: string, field: string) => void] {
  const [copied, setCopied] = useState("");
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(""), COPY_FEEDBACK_MS);
    return () => clearTimeout(t);
  }, [copied]);
  const copy = (text: string, field: string) =>
    void copyText(text).then(
      () => setCopied(field.toUpperCase()),
      () => {},
    );
  return [copied, copy];
}

/** Name–value rows, each with its copy button(s). */
export function CopyList({ rows, onCopy, testId }: { rows: CopyRow[]; onCopy: (text: string, field: string) => void; testId?: string }) {
  return (
    <dl className="bank" data-testid={testId}>
      {rows.map((row) => (
        <div key={row.label} className="bank-row">
          <dt>{row.label}</dt>
          <dd className={row.code ? "bank-code" : undefined}>{row.value}</dd>
          {/* Inside the group as a <dd>: a <dl> may hold only name-value groups (axe: definition-list). */}
          <dd className="bank-copy">
            {(row.actions ?? [{ text: row.value }]).map((a) => (
              <button
                key={a.name ?? row.label}
                type="button"
                className="btn btn-outline btn-small"
                aria-label={a.name ?? `Copiar ${row.label}`}
                onClick={() => onCopy(a.text, a.field ?? row.label)}
              >
                {a.button ?? "Copiar"}
              </button>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
