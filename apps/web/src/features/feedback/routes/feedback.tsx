import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListEmpty, ListSkeleton } from '../../../components/list-states.tsx';
import { PagedList } from '../../../components/paged-list.tsx';
import { usePageParam } from '../../../lib/paging/use-page-param.ts';
import { useFeedbackList } from '../api/get-feedback-list.ts';
import { FeedbackDialog } from '../components/feedback-dialog.tsx';
import { FeedbackRecord } from '../components/feedback-item.tsx';
import '../components/feedback.css';

const PAGE_SIZE = 10;

/** /user/other/feedback: the student's complaints and suggestions with their state and the reply. */
export default function FeedbackRoute() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const list = useFeedbackList({ current: page, size: PAGE_SIZE });
  const [open, setOpen] = useState(false);

  return (
    <div data-testid="feedback-page">
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' }}>
        <h1>{t('titles.userFeedback')}</h1>
        <Button type="primary" onClick={() => setOpen(true)} data-testid="feedback-new">
          {t('feedback.new')}
        </Button>
      </div>
      <PagedList
        query={list}
        page={page}
        onPageChange={setPage}
        className="ls-fb-list"
        testId="feedback-list"
        testIdPrefix="feedback"
        skeleton={<ListSkeleton testIdPrefix="feedback" />}
        empty={<ListEmpty testIdPrefix="feedback" description={t('feedback.empty')} />}
        renderItem={(item) => <FeedbackRecord key={item.id} item={item} />}
      />
      <FeedbackDialog open={open} onClose={() => setOpen(false)} askToOpenList={false} />
    </div>
  );
}
