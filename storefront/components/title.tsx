/** A section title; `as="h1"` where it is the page's own title (one level-one heading per page). */
export function Title({ first, second, as: Heading = "h2" }: { first: string; second: string; as?: "h1" | "h2" }) {
  return (
    <Heading className="title">
      <span className="muted">{first}</span> {second} <span className="title-line" />
    </Heading>
  );
}
