import { IssueBank } from '../components/issue-bank.tsx';

/** /ielts/issue/detailed: the bank, Part 1 first. */
export default function IssueDetailedRoute() {
  return <IssueBank type="part1" />;
}
