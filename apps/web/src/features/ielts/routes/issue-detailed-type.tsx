import { useParams } from 'react-router';
import { IeltsSubnav, NotFoundState } from '../components/ielts-bits.tsx';
import { IssueBank, isPart } from '../components/issue-bank.tsx';

/** /ielts/issue/detailed/{type}: the topics of one part (part1, part2, part3). */
export default function IssueDetailedTypeRoute() {
  const { type } = useParams();
  if (!isPart(type)) {
    return (
      <div className="ls-ielts">
        <IeltsSubnav />
        <NotFoundState />
      </div>
    );
  }
  return <IssueBank type={type} />;
}
