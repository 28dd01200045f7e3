/** A section title; `as="h1"` where it is the page's own title (one level-one heading per page). */
export function Title({ first, second, as: Heading = "h2" }: { first: string; second: string; as?: "h1" | "h2" }) {
  return (
    <Heading className="title">
      {/* The words are one flex item, so the gap separates them from the line only: "CONTACTE-" + "NOS" stays one word. */}
      <span>
        <span className="muted">{first}</span>
        {first.endsWith("-") ? "" : " "}
        {second}
      </span>
      <span className="title-line" />
    </Heading>
  );
}
