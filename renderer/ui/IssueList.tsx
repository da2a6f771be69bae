/** A document's validation problems, each at its path (`candidates.2.name: Required`). */
export function IssueList({ issues }: { issues: readonly { path: string; message: string }[] }) {
  return (
    <ul className="issues">
      {issues.map((i, k) => (
        <li key={k}>
          <code>{i.path}</code>: {i.message}
        </li>
      ))}
    </ul>
  );
}
