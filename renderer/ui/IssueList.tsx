import type { Issue } from '../../shared/contract/errors';
import { issueText } from '../../shared/i18n/issues';
import { currentLang } from '../i18n';

/** A document's validation problems, each at its path (`candidates.2.name: Required`), in the app's language. */
export function IssueList({ issues }: { issues: readonly Issue[] }) {
  const lang = currentLang();
  return (
    <ul className="issues">
      {issues.map((i, k) => (
        <li key={k}>
          <code>{i.path}</code>: {issueText(i, lang)}
        </li>
      ))}
    </ul>
  );
}
