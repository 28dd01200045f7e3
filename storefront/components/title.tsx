export function Title({ first, second }: { first: string; second: string }) {
  return (
    <h2 className="title">
      <span className="muted">{first}</span> {second} <span className="title-line" />
    </h2>
  );
}
